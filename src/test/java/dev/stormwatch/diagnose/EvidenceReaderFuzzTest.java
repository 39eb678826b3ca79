package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import java.io.BufferedReader;
import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.DisplayName;

/**
 * HD1: the readers of evidence files someone else wrote (HAR, nginx and Apache access logs, JSON lines, OTLP traces)
 * accept a line, reject it with a reason, or stop with an {@link IOException} the diagnosis reports as unreadable;
 * never another exception. Corpus under {@code EvidenceReaderFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes (see
 * CONTRIBUTING.md).
 */
class EvidenceReaderFuzzTest {

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: any HAR file is entries, rejections or an unreadable file")
    void anyHarFileIsEntriesOrUnreadable(byte[] bytes) {
        CheckingSink sink = new CheckingSink();
        try {
            new HarEntryReader("x-client").read(new ByteArrayInputStream(bytes), "file-client", sink);
        } catch (IOException unreadable) {
            assertThat(unreadable.getMessage()).isNotNull();
        }
    }

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: any nginx or Apache access log is entries, rejections or an unreadable file")
    void anyAccessLogIsEntriesOrUnreadable(byte[] bytes) throws DiagnoseException.BadOption {
        // The first byte picks the dialect, so one corpus covers both.
        boolean apache = bytes.length > 0 && (bytes[0] & 1) == 1;
        LogFormat format = apache
                ? LogFormat.compile(LogFormat.APACHE_COMBINED + " %D", LogFormat.Dialect.APACHE, null)
                : LogFormat.compile(LogFormat.NGINX_COMBINED + " $request_time", LogFormat.Dialect.NGINX, null);
        try {
            new AccessLogReader(format).read(reader(bytes), new CheckingSink());
        } catch (IOException unreadable) {
            assertThat(unreadable.getMessage()).isNotNull();
        }
    }

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: any JSON-lines log is entries, rejections or an unreadable file")
    void anyJsonLinesLogIsEntriesOrUnreadable(byte[] bytes) throws DiagnoseException.BadOption {
        try {
            new JsonLinesReader(FieldMapping.parse(FieldMapping.ENVOY)).read(reader(bytes), new CheckingSink());
        } catch (IOException unreadable) {
            assertThat(unreadable.getMessage()).isNotNull();
        }
    }

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: any OTLP trace file is spans, rejections or an unreadable file")
    void anyOtlpTraceFileIsSpansOrUnreadable(byte[] bytes) {
        try {
            new OtlpTraceReader("enduser.id").read(new ByteArrayInputStream(bytes), new CheckingSink());
        } catch (IOException unreadable) {
            assertThat(unreadable.getMessage()).isNotNull();
        }
    }

    private static BufferedReader reader(byte[] bytes) {
        return new BufferedReader(new InputStreamReader(new ByteArrayInputStream(bytes), StandardCharsets.UTF_8));
    }

    /** Checks each accepted request and each rejection as the diagnosis would use them. */
    private static final class CheckingSink implements EvidenceSink {
        @Override
        public void accept(ObservedRequest request, long line) {
            assertThat(request).isNotNull();
            assertThat(line).isNotNegative();
        }

        @Override
        public void reject(long line, String reason, String text) {
            assertThat(reason).isNotBlank();
        }
    }
}
