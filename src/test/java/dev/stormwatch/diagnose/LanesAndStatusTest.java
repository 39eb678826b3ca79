package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** DG23 and DG24 on the real nginx log and on a generated log with more clients than lanes. */
class LanesAndStatusTest {

    private static final String FORMAT = "$msec \"$request\" $status \"$sent_http_retry_after\" \"$http_x_client_id\"";

    @TempDir
    Path dir;

    private static Diagnosis diagnose(Path file, String format, String clientKey) throws DiagnoseException {
        return new DiagnoseService()
                .diagnose(
                        new DiagnoseRequest(
                                List.of(file), InputFormat.NGINX, format, null, clientKey, DiagnosisOptions.DEFAULTS),
                        p -> {},
                        () -> false);
    }

    @Test
    @DisplayName("DG23 DG24: on the real nginx log every request is one mark on its client's lane, the early ones"
            + " marked, and the status classes of each bucket sum to its requests and to the diagnosis's counts")
    void lanesAndStatusClassesOfTheRealNginxLog() throws Exception {
        Path log = Path.of(
                getClass().getResource("/diagnose/nginx/storm-access.log").toURI());
        Diagnosis d = diagnose(log, PreviewTest.NGINX_FORMAT, "$http_x_client_id");

        assertThat(d.lanes().moreClients()).isZero();
        assertThat(d.lanes().lanes()).hasSameSizeAs(d.clients());
        for (Diagnosis.Lane lane : d.lanes().lanes()) {
            Diagnosis.ClientDiagnosis client = d.clients().stream()
                    .filter(c -> c.client().equals(lane.client()))
                    .findFirst()
                    .orElseThrow();
            assertThat(lane.everyNth()).isEqualTo(1);
            assertThat(lane.marks()).hasSize((int) client.requests());
            assertThat(lane.marks().stream().filter(Diagnosis.Mark::early).count())
                    .as(lane.client() + " early retries")
                    .isEqualTo(client.earlyRetries());
            assertThat(lane.marks().stream()
                            .filter(m -> m.status() == Diagnosis.StatusClass.THROTTLED)
                            .count())
                    .isEqualTo(client.throttled());
        }
        assertThat(d.lanes().lanes().get(0).requests())
                .isGreaterThanOrEqualTo(d.lanes().lanes().get(1).requests());

        Diagnosis.Arrivals a = d.arrivals();
        long succeeded = 0;
        long throttled = 0;
        long failed = 0;
        long other = 0;
        for (int b = 0; b < a.requests().size(); b++) {
            assertThat(a.other(b)).isNotNegative();
            succeeded += a.succeeded().get(b);
            throttled += a.throttled().get(b);
            failed += a.failed().get(b);
            other += a.other(b);
        }
        assertThat(succeeded + throttled + failed + other).isEqualTo(d.requests());
        assertThat(throttled).isEqualTo(d.throttled()).isEqualTo(d.status().getOrDefault(429, 0L));
        assertThat(succeeded).isEqualTo(d.status().getOrDefault(200, 0L));
    }

    @Test
    @DisplayName("DG23: ten clients give eight lanes and say the two left out; a client of 3,000 requests keeps every"
            + " sixth of its other requests and its first 500 early retries")
    void moreClientsThanLanesAreSaidAndABusyLaneIsThinned() throws Exception {
        StringBuilder log = new StringBuilder();
        double t = 1_764_583_200.0;
        int early = 0;
        for (int n = 0; n < 1_500; n++) { // "busy": a 429 with Retry-After 1, retried 10 ms later, 1,500 times
            log.append(String.format(Locale.ROOT, "%.3f \"GET /b/%d HTTP/1.1\" 429 \"1\" \"busy\"%n", t, n));
            log.append(String.format(Locale.ROOT, "%.3f \"GET /b/%d HTTP/1.1\" 200 \"-\" \"busy\"%n", t + 0.01, n));
            early++;
            t += 0.05;
        }
        for (int c = 0; c < 9; c++) {
            for (int n = 0; n <= 9 - c; n++) {
                log.append(String.format(Locale.ROOT, "%.3f \"GET /c HTTP/1.1\" 200 \"-\" \"c%d\"%n", t, c));
                t += 0.01;
            }
        }
        Path file = Files.writeString(dir.resolve("many.log"), log.toString());

        Diagnosis d = diagnose(file, FORMAT, "$http_x_client_id");

        assertThat(d.lanes().lanes()).hasSize(Diagnosis.Lanes.MAX_LANES);
        assertThat(d.lanes().lanes().get(0).client()).isEqualTo("busy");
        assertThat(d.lanes().moreClients()).isEqualTo(2);
        assertThat(d.lanes().moreRequests()).isEqualTo(3 + 2); // c7 sent 3, c8 sent 2
        Diagnosis.Lane busy = d.lanes().lanes().get(0);
        assertThat(busy.requests()).isEqualTo(3_000);
        assertThat(busy.everyNth()).isEqualTo(6);
        long earlyMarks = busy.marks().stream().filter(Diagnosis.Mark::early).count();
        assertThat(earlyMarks).isEqualTo(Math.min(early, Diagnosis.Lanes.MAX_MARKS));
        assertThat(busy.marks().size() - earlyMarks)
                .as("every sixth of the 1,500 on time")
                .isEqualTo(250);
    }
}
