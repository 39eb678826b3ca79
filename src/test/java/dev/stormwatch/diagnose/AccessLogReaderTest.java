package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.BufferedReader;
import java.io.StringReader;
import java.time.Instant;
import org.junit.jupiter.api.Test;

class AccessLogReaderTest {

    private static CollectingSink read(LogFormat format, String text) throws Exception {
        CollectingSink sink = new CollectingSink();
        new AccessLogReader(format).read(new BufferedReader(new StringReader(text)), sink);
        return sink;
    }

    @Test
    void combinedLineGivesTimeMethodTargetStatusAndClient() throws Exception {
        LogFormat combined = LogFormat.compile("combined", LogFormat.Dialect.NGINX, null);
        CollectingSink sink = read(
                combined,
                "10.0.0.7 - - [01/Dec/2026:10:00:00 +0100] \"GET /v1/models?x=1 HTTP/1.1\""
                        + " 429 12 \"-\" \"curl/8.1\"\n");
        assertThat(sink.rejected).isEmpty();
        ObservedRequest r = sink.accepted.get(0);
        assertThat(Instant.ofEpochMilli(r.startMillis())).isEqualTo(Instant.parse("2026-12-01T09:00:00Z"));
        assertThat(r.method()).isEqualTo("GET");
        assertThat(r.uri()).isEqualTo("/v1/models?x=1");
        assertThat(r.status()).isEqualTo(429);
        assertThat(r.client()).isEqualTo("10.0.0.7 curl/8.1");
        assertThat(r.durationMillis()).isEqualTo(-1);
    }

    @Test
    void nginxEndTimeBecomesAStartWithTheRequestTime() throws Exception {
        LogFormat format = LogFormat.compile(
                "$msec $request_time \"$request\" $status \"$sent_http_retry_after\"", LogFormat.Dialect.NGINX, null);
        CollectingSink sink = read(format, "1764583200.500 0.250 \"POST /v1/chat HTTP/1.1\" 503 \"7\"\n");
        ObservedRequest r = sink.accepted.get(0);
        assertThat(r.startMillis()).isEqualTo(1_764_583_200_250L);
        assertThat(r.endMillis()).isEqualTo(1_764_583_200_500L);
        assertThat(r.retryAfter()).isEqualTo("7");
    }

    @Test
    void apacheCombinedWithEscapedQuotesInTheUserAgent() throws Exception {
        LogFormat format = LogFormat.compile("combined", LogFormat.Dialect.APACHE, "%{User-Agent}i");
        CollectingSink sink = read(
                format,
                "::1 - frank [10/Oct/2000:13:55:36 -0700] \"GET /a.gif HTTP/1.0\" 200 2326"
                        + " \"http://example.com/\" \"Mozilla \\\"quoted\\\" agent\"\n");
        assertThat(sink.rejected).isEmpty();
        assertThat(sink.accepted.get(0).client()).isEqualTo("Mozilla \\\"quoted\\\" agent");
        assertThat(sink.accepted.get(0).startMillis())
                .isEqualTo(Instant.parse("2000-10-10T20:55:36Z").toEpochMilli());
    }

    @Test
    void aLineThatDoesNotMatchIsRejectedWithItsNumberAndWhatWasExpected() throws Exception {
        LogFormat combined = LogFormat.compile("combined", LogFormat.Dialect.NGINX, null);
        String good = "1.2.3.4 - - [01/Dec/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"a\"\n";
        CollectingSink sink = read(combined, good + "this is not a log line\n" + good.replace("200", "2x0"));
        assertThat(sink.accepted).hasSize(1);
        assertThat(sink.rejected).extracting(CollectingSink.Rejected::line).containsExactly(2L, 3L);
        assertThat(sink.rejected.get(0).reason()).contains("expected ' - '");
        assertThat(sink.rejected.get(1).reason()).contains("status");
    }

    @Test
    void aTruncatedLastLineIsRejectedNotACrash() throws Exception {
        LogFormat combined = LogFormat.compile("combined", LogFormat.Dialect.NGINX, null);
        CollectingSink sink = read(
                combined,
                "1.2.3.4 - - [01/Dec/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 200 1 \"-\" \"a\"\n"
                        + "1.2.3.4 - - [01/Dec/2026:10:00:01 +0000] \"GET / HT");
        assertThat(sink.accepted).hasSize(1);
        assertThat(sink.rejected)
                .singleElement()
                .satisfies(r -> assertThat(r.line()).isEqualTo(2));
    }

    @Test
    void aRepeatedLineIsReportedAndStillCounted() throws Exception {
        LogFormat combined = LogFormat.compile("combined", LogFormat.Dialect.NGINX, null);
        String line = "1.2.3.4 - - [01/Dec/2026:10:00:00 +0000] \"GET / HTTP/1.1\" 429 1 \"-\" \"a\"\n";
        CollectingSink sink = read(combined, line + line);
        assertThat(sink.accepted).hasSize(2);
        assertThat(sink.duplicates).containsExactly(2L);
    }

    @Test
    void aFormatWithoutTimeOrStatusIsRefusedWithWhatItLacks() {
        assertThatThrownBy(() -> LogFormat.compile("$remote_addr \"$request\" $status", LogFormat.Dialect.NGINX, null))
                .isInstanceOf(DiagnoseException.BadOption.class)
                .hasMessageContaining("lacks a time field");
        assertThatThrownBy(() -> LogFormat.compile("$msec \"$request\"", LogFormat.Dialect.NGINX, null))
                .hasMessageContaining("status");
        assertThatThrownBy(() -> LogFormat.compile("combined", LogFormat.Dialect.NGINX, "$http_x_client_id"))
                .hasMessageContaining("not a variable of the log format");
    }
}
