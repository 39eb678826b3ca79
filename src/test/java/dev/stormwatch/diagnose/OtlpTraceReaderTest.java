package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OtlpTraceReaderTest {

    private static final long T0 = 1_764_583_200_000L;

    @TempDir
    Path dir;

    static String span(
            int kind,
            long startMillis,
            long durationMillis,
            String method,
            String url,
            String status,
            String retryAfter) {
        return "{\"traceId\":\"0af7651916cd43dd8448eb211c80319c\",\"spanId\":\"b7ad6b7169203331\",\"name\":\"" + method
                + "\",\"kind\":" + kind + ",\"startTimeUnixNano\":\"" + startMillis * 1_000_000 + "\","
                + "\"endTimeUnixNano\":\"" + (startMillis + durationMillis) * 1_000_000 + "\",\"attributes\":["
                + "{\"key\":\"http.request.method\",\"value\":{\"stringValue\":\"" + method + "\"}},"
                + "{\"key\":\"url.full\",\"value\":{\"stringValue\":\"" + url + "\"}},"
                + "{\"key\":\"http.response.status_code\",\"value\":{\"intValue\":\"" + status + "\"}}"
                + (retryAfter == null
                        ? ""
                        : ",{\"key\":\"http.response.header.retry-after\",\"value\":{\"arrayValue\":"
                                + "{\"values\":[{\"stringValue\":\"" + retryAfter + "\"}]}}}")
                + "]}";
    }

    static String export(String service, String... spans) {
        return "{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":"
                + "{\"stringValue\":\"" + service + "\"}}]},\"scopeSpans\":[{\"scope\":{\"name\":\"okhttp\"},"
                + "\"spans\":[" + String.join(",", spans) + "]}]}]}";
    }

    @Test
    void clientHttpSpansAreRequestsOfTheirService() throws Exception {
        String text = export(
                "checkout",
                span(3, T0, 20, "GET", "https://api.example/v1/x?token=abc#frag", "429", "2"),
                span(2, T0, 5, "GET", "https://api.example/v1/x", "200", null),
                span(3, T0 + 100, 20, "GET", "https://api.example/v1/x?token=abc", "200", null));
        CollectingSink sink = new CollectingSink();
        new OtlpTraceReader(null).read(new ByteArrayInputStream(text.getBytes(StandardCharsets.UTF_8)), sink);
        assertThat(sink.rejected).isEmpty();
        assertThat(sink.accepted).hasSize(2);
        ObservedRequest first = sink.accepted.get(0);
        assertThat(first.client()).isEqualTo("checkout");
        assertThat(first.retryAfter()).isEqualTo("2");
        assertThat(first.durationMillis()).isEqualTo(20);
        assertThat(first.uri()).isEqualTo("https://api.example/v1/x?token=abc");
        assertThat(sink.acceptedLines).containsExactly(1L, 3L);
    }

    // DG1, DG10
    @Test
    void exportsOnePerLineAreAutoDetectedAndDiagnosed() throws Exception {
        Path file = Files.writeString(
                dir.resolve("traces.json"),
                export(
                                "eager",
                                span(3, T0, 10, "GET", "https://a/x", "429", "1"),
                                span(3, T0 + 20, 10, "GET", "https://a/x", "200", null))
                        + "\n"
                        + export("broken", span(3, T0, 10, "GET", "https://a/y", "oops", null)) + "\n");
        Diagnosis d = new DiagnoseService().diagnose(DiagnoseRequest.of(List.of(file)), p -> {}, () -> false);
        assertThat(d.evidence().files().get(0).format()).isEqualTo("otlp");
        assertThat(d.requests()).isEqualTo(2);
        assertThat(d.clients().get(0).earlyRetries()).isEqualTo(1);
        assertThat(d.evidence().unparsed()).isEqualTo(1);
        assertThat(d.evidence().examples().get(0).line()).isEqualTo(3);
    }
}
