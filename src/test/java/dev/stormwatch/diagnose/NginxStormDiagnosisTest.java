package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A storm whose truth is known, logged by real third-party software: Debian's nginx with {@code limit_req} at 10
 * requests per second answering 429 with {@code Retry-After: 1}, driven by clients of which two honour Retry-After
 * and two retry after 10 ms. Each client records what it sent; the diagnosis of nginx's own access log must agree.
 */
@Tag("slow")
@WaitsBesideOtherTests
class NginxStormDiagnosisTest {

    private static final String LOG_FORMAT =
            "$msec $request_time \"$request\" $status \"$sent_http_retry_after\"" + " \"$http_x_client_id\"";

    private static final String HTTP_BLOCK = """
              log_format storm '%s';
              limit_req_zone $server_name zone=storm:1m rate=10r/s;
              server {
                listen 127.0.0.1:PORT;
                server_name storm;
                access_log logs/access.log storm;
                location / {
                  limit_req zone=storm;
                  limit_req_status 429;
                  error_page 429 = @throttled;
                  empty_gif;
                }
                location @throttled {
                  add_header Retry-After 1 always;
                  return 429;
                }
              }
            """.formatted(LOG_FORMAT);

    /**
     * The fewest admissions nginx's busiest second may show: the two eager clients retry 10 ms after each 429, so
     * nginx admits one request in each of its 100 ms slots while they run; a busy machine may delay a client past one
     * slot in a second, never past half of them.
     */
    private static final int MIN_ADMITTED_PER_SECOND = 5;

    @TempDir
    Path prefix;

    /** One request as its client saw it. */
    record Sent(String uri, long sentMillis, long receivedMillis, int status, String retryAfter) {}

    @Test
    @DisplayName("DG1 DG2 DG3 DG15: nginx's own log of a storm gives each client's requests, logical requests,"
            + " early retries and flag as the clients recorded them, and the what-if its quota of 10 a second")
    @SuppressWarnings("try") // RealNginx.close() may be interrupted while nginx stops, and says so
    void diagnosisOfRealNginxLogMatchesWhatTheClientsRecorded() throws Exception {
        Optional<Path> nginx = RealNginx.binary();
        assumeTrue(
                nginx.isPresent(),
                "nginx is not installed (apt-get install nginx): this test drives Debian's"
                        + " nginx and reads its real access log");
        Map<String, List<Sent>> recorded = new HashMap<>();
        try (RealNginx server = RealNginx.start(nginx.get(), prefix, HTTP_BLOCK)) {
            HttpClient http = HttpClient.newBuilder()
                    .version(HttpClient.Version.HTTP_1_1)
                    .connectTimeout(Duration.ofSeconds(2))
                    .build();
            ExecutorService pool = Executors.newFixedThreadPool(4);
            Map<String, Future<List<Sent>>> runs = new HashMap<>();
            runs.put("patient-a", pool.submit(() -> drive(http, server.port(), "patient-a", true, 4, 4)));
            runs.put("patient-b", pool.submit(() -> drive(http, server.port(), "patient-b", true, 4, 4)));
            runs.put("eager-a", pool.submit(() -> drive(http, server.port(), "eager-a", false, 15, 8)));
            runs.put("eager-b", pool.submit(() -> drive(http, server.port(), "eager-b", false, 15, 8)));
            for (Map.Entry<String, Future<List<Sent>>> run : runs.entrySet()) {
                recorded.put(run.getKey(), run.getValue().get());
            }
            pool.shutdown();
        }

        DiagnoseRequest request = new DiagnoseRequest(
                List.of(prefix.resolve("logs/access.log")),
                InputFormat.NGINX,
                LOG_FORMAT,
                null,
                "$http_x_client_id",
                DiagnosisOptions.DEFAULTS);
        Diagnosis diagnosis = new DiagnoseService().diagnose(request, p -> {}, () -> false);

        long total = recorded.values().stream().mapToLong(List::size).sum();
        assertThat(diagnosis.evidence().unparsed()).isZero();
        assertThat(diagnosis.requests()).isEqualTo(total);
        for (Map.Entry<String, List<Sent>> entry : recorded.entrySet()) {
            List<Sent> sent = entry.getValue();
            ClientDiagnosis client = diagnosis.clients().stream()
                    .filter(c -> c.client().equals(entry.getKey()))
                    .findFirst()
                    .orElseThrow();
            long logical = sent.stream().map(Sent::uri).distinct().count();
            assertThat(client.requests()).as(entry.getKey() + " requests").isEqualTo(sent.size());
            assertThat(client.logicalRequests())
                    .as(entry.getKey() + " logical requests")
                    .isEqualTo(logical);
            assertThat(client.retries()).as(entry.getKey() + " retries").isEqualTo(sent.size() - logical);
            assertThat(client.earlyRetries())
                    .as(entry.getKey() + " early retries")
                    .isEqualTo(early(sent));
            assertThat(client.ignoresRetryAfter())
                    .as(entry.getKey() + " flagged")
                    .isEqualTo(entry.getKey().startsWith("eager"));
            assertThat(client.status().getOrDefault(429, 0L))
                    .as(entry.getKey() + " 429s")
                    .isEqualTo(sent.stream().filter(s -> s.status() == 429).count());
        }
        assertThat(recorded.get("eager-a").stream()
                        .filter(s -> s.status() == 429)
                        .count())
                .as("the storm really throttled the eager clients")
                .isGreaterThan(5);
        // DG15: the what-if's quota is the most answers nginx admitted within one second of the log. It is judged
        // against nginx's own record, read here apart from the diagnosis, not against the wall clock: on a busy
        // machine (load 17) the clients left slots of nginx's 10 a second empty, and the estimate was rightly 9.
        int admitted = mostAdmittedInOneSecond(prefix.resolve("logs/access.log"));
        assertThat(diagnosis.whatIf().quotaEstimated()).isTrue();
        assertThat(diagnosis.whatIf().quotaPerSecond())
                .as("the estimate is what nginx admitted in its busiest second")
                .isEqualTo(admitted);
        assertThat(admitted)
                .as("nginx never admits more than rate=10r/s; the eager clients kept it near that rate")
                .isLessThanOrEqualTo(10)
                .isGreaterThanOrEqualTo(MIN_ADMITTED_PER_SECOND);
        assertThat(diagnosis.whatIf().retryAfterSeconds()).isEqualTo(1);
        assertThat(diagnosis.whatIf().requests())
                .isGreaterThanOrEqualTo(diagnosis.logicalRequests())
                .isLessThanOrEqualTo(3 * diagnosis.logicalRequests());
        System.out.printf(
                "nginx storm: %d requests, %d logical, amplification %.2f; quota %d a second, nginx admitted at most"
                        + " %d; %s%n",
                diagnosis.requests(),
                diagnosis.logicalRequests(),
                diagnosis.amplification(),
                diagnosis.whatIf().quotaPerSecond(),
                admitted,
                diagnosis.verdict());
        for (ClientDiagnosis c : diagnosis.clients()) {
            System.out.printf(
                    "  %-10s requests %3d logical %2d retries %3d early %3d ignores %s%n",
                    c.client(),
                    c.requests(),
                    c.logicalRequests(),
                    c.retries(),
                    c.earlyRetries(),
                    c.ignoresRetryAfter());
        }
    }

    /**
     * The most requests nginx admitted (answered 200) that started within one second, counted from the first start,
     * read from its access log line by line: {@code $msec} is when a request ended, less {@code $request_time} is
     * when it started (DG1), as DG15 counts them.
     */
    private static int mostAdmittedInOneSecond(Path log) throws java.io.IOException {
        List<long[]> rows = new ArrayList<>();
        for (String line : java.nio.file.Files.readAllLines(log)) {
            String[] words = line.split(" ");
            long end = new java.math.BigDecimal(words[0]).movePointRight(3).longValueExact();
            long took = new java.math.BigDecimal(words[1]).movePointRight(3).longValueExact();
            int opening = line.indexOf('"');
            int closing = line.indexOf('"', opening + 1); // the request line holds no quote
            int status = Integer.parseInt(line.substring(closing + 2).split(" ")[0]);
            rows.add(new long[] {end - took, status});
        }
        long first = rows.stream().mapToLong(r -> r[0]).min().orElseThrow();
        Map<Long, Integer> perSecond = new HashMap<>();
        for (long[] row : rows) {
            if (row[1] == 200) {
                perSecond.merge((row[0] - first) / 1000, 1, Integer::sum);
            }
        }
        return perSecond.values().stream().mapToInt(Integer::intValue).max().orElse(0);
    }

    /** The client's own count of retries it sent before the previous answer's Retry-After allowed. */
    private static long early(List<Sent> sent) {
        Map<String, Sent> previous = new HashMap<>();
        long early = 0;
        for (Sent s : sent) {
            Sent before = previous.get(s.uri());
            if (before != null && before.retryAfter() != null) {
                long allowed = before.receivedMillis()
                        + Long.parseLong(before.retryAfter().strip()) * 1000;
                if (s.sentMillis() < allowed - DiagnosisOptions.DEFAULT_TOLERANCE.toMillis()) {
                    early++;
                }
            }
            previous.put(s.uri(), s);
        }
        return early;
    }

    /** One client: {@code logical} requests one after the other, each retried on 429 up to {@code maxAttempts}. */
    private static List<Sent> drive(
            HttpClient http, int port, String client, boolean honoursRetryAfter, int logical, int maxAttempts)
            throws Exception {
        List<Sent> sent = new ArrayList<>();
        for (int n = 0; n < logical; n++) {
            String uri = "/api/" + client + "/item/" + n;
            for (int attempt = 1; attempt <= maxAttempts; attempt++) {
                HttpRequest request = HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + uri))
                        .header("X-Client-Id", client)
                        .timeout(Duration.ofSeconds(5))
                        .GET()
                        .build();
                long before = System.currentTimeMillis();
                HttpResponse<Void> response = http.send(request, HttpResponse.BodyHandlers.discarding());
                long after = System.currentTimeMillis();
                String retryAfter = response.headers().firstValue("Retry-After").orElse(null);
                sent.add(new Sent(uri, before, after, response.statusCode(), retryAfter));
                if (response.statusCode() != 429) {
                    break;
                }
                long wait =
                        honoursRetryAfter && retryAfter != null ? Long.parseLong(retryAfter.strip()) * 1000 + 50 : 10;
                Thread.sleep(wait);
            }
        }
        return sent;
    }
}
