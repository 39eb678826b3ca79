package dev.stormwatch.diagnose;

import static dev.stormwatch.diagnose.OtlpTraceReaderTest.export;
import static dev.stormwatch.diagnose.OtlpTraceReaderTest.span;
import static org.assertj.core.api.Assertions.assertThat;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OtlpTraceReaderEdgesTest {

    private static final long T0 = 1_764_583_200_000L;

    @TempDir
    Path dir;

    private CollectingSink read(String clientKey, String text) throws Exception {
        Path file = Files.writeString(dir.resolve("trace.json"), text);
        CollectingSink sink = new CollectingSink();
        try (InputStream in = Files.newInputStream(file)) {
            new OtlpTraceReader(clientKey).read(in, sink);
        }
        return sink;
    }

    private static String attribute(String key, String value) {
        return "{\"key\":\"" + key + "\",\"value\":{\"stringValue\":\"" + value + "\"}}";
    }

    /** A span of the shared fixture with more attributes after its own. */
    private static String spanWith(String span, String... attributes) {
        return span.substring(0, span.length() - 2) + "," + String.join(",", attributes) + "]}";
    }

    @Test
    @DisplayName("DG10: a trace file that is not a JSON object is rejected as its first span")
    void aFileThatIsNotAnObjectIsRejected() throws Exception {
        CollectingSink sink = read(null, "[1,2]");
        assertThat(sink.rejected).singleElement().satisfies(r -> {
            assertThat(r.line()).isEqualTo(1);
            assertThat(r.reason()).contains("resourceSpans");
        });
    }

    @Test
    @DisplayName("DG10: a trace file that breaks off keeps the spans before and rejects the next one by number")
    void aTruncatedFileKeepsWhatCameBefore() throws Exception {
        // One export per line, as the collector's file exporter writes them.
        String whole = export(
                        "checkout",
                        span(3, T0, 20, "GET", "https://a/x", "429", "1"),
                        span(3, T0 + 10, 20, "GET", "https://a/x", "200", null))
                + "\n"
                + export("billing", span(3, T0 + 20, 20, "GET", "https://a/x", "200", null));
        assertThat(read(null, whole).accepted).as("the whole file").hasSize(3);
        CollectingSink sink = read(null, whole.substring(0, whole.length() - 40));
        assertThat(sink.accepted).hasSize(2);
        assertThat(sink.rejected).singleElement().satisfies(r -> {
            assertThat(r.line()).isEqualTo(3);
            assertThat(r.reason()).contains("breaks off");
        });
    }

    @Test
    @DisplayName("DG10: a client span starting at 0 or without startTimeUnixNano is rejected with its name")
    void aSpanWithoutAStartIsRejected() throws Exception {
        String zero = span(3, 0, 0, "GET", "https://a/x", "200", null);
        String none = span(3, T0, 20, "POST", "https://a/x", "200", null)
                .replace("\"startTimeUnixNano\":\"" + T0 * 1_000_000 + "\",", "");
        CollectingSink sink = read(null, export("checkout", zero, none));
        assertThat(sink.accepted).isEmpty();
        assertThat(sink.rejected).extracting(CollectingSink.Rejected::line).containsExactly(1L, 2L);
        assertThat(sink.rejected).extracting(CollectingSink.Rejected::text).containsExactly("GET", "POST");
        assertThat(sink.rejected.get(0).reason()).isEqualTo("span 1 has no startTimeUnixNano");
    }

    @Test
    @DisplayName("DG1: a span that ends as it starts lasted 0 ms, a known duration")
    void aZeroLengthSpanHasAZeroDuration() throws Exception {
        CollectingSink sink = read(null, export("checkout", span(3, T0, 0, "GET", "https://a/x", "200", null)));
        assertThat(sink.accepted).singleElement().satisfies(r -> {
            assertThat(r.durationMillis()).isZero();
            assertThat(r.startMillis()).isEqualTo(T0);
        });
    }

    @Test
    @DisplayName("DG8: an empty header array or an absent attribute is no Retry-After, Date or key")
    void emptyAndAbsentAttributesAreNull() throws Exception {
        String empty = span(3, T0, 20, "GET", "https://a/x", "429", null)
                .replace(
                        "{\"intValue\":\"429\"}}",
                        "{\"intValue\":\"429\"}},{\"key\":\"http.response.header.retry-after\","
                                + "\"value\":{\"arrayValue\":{\"values\":[]}}}");
        CollectingSink sink = read(null, export("checkout", empty));
        assertThat(sink.rejected).isEmpty();
        assertThat(sink.accepted).singleElement().satisfies(r -> {
            assertThat(r.status()).isEqualTo(429);
            assertThat(r.retryAfter()).isNull();
            assertThat(r.date()).isNull();
            assertThat(r.idempotencyKey()).isNull();
        });
    }

    @Test
    @DisplayName("DG2: the client key is read from the span's attributes first, else from its resource's")
    void theClientKeyPrefersTheSpan() throws Exception {
        String own = spanWith(span(3, T0, 20, "GET", "https://a/x", "200", null), attribute("enduser.id", "alice"));
        String other = span(3, T0 + 10, 20, "GET", "https://a/x", "200", null);
        String text = export("checkout", own, other)
                .replace("\"}}]},\"scopeSpans\"", "\"}}," + attribute("enduser.id", "tenant-7") + "]},\"scopeSpans\"");
        CollectingSink sink = read("enduser.id", text);
        assertThat(sink.accepted).extracting(ObservedRequest::client).containsExactly("alice", "tenant-7");
    }

    @Test
    @DisplayName("DG2: a URL that is not a valid URI is its own target without its fragment; all fragment is none")
    void anInvalidUrlLosesOnlyItsFragment() throws Exception {
        CollectingSink sink = read(
                null,
                export(
                        "checkout",
                        span(3, T0, 20, "GET", "https://a/x y?q=1#frag", "200", null),
                        span(3, T0 + 10, 20, "GET", "https://a/x y", "200", null),
                        span(3, T0 + 20, 20, "GET", "#bad frag", "200", null)));
        assertThat(sink.accepted)
                .extracting(ObservedRequest::uri)
                .containsExactly("https://a/x y?q=1", "https://a/x y", "");
    }
}
