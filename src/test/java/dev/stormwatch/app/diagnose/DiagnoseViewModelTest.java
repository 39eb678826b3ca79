package dev.stormwatch.app.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.diagnose.DiagnoseService;
import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import dev.stormwatch.diagnose.InputFormat;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Diagnose tab's model without a window, on the real diagnosis and real files: the HAR a real Chromium recorded
 * and the access log a real nginx wrote. Background and UI work run on the calling thread.
 */
class DiagnoseViewModelTest {

    static final String NGINX_FORMAT = "$remote_addr [$time_local] $msec $request_time \"$request\" $status"
            + " \"$sent_http_retry_after\" \"$http_x_client_id\" \"$http_authorization\"";

    @TempDir
    Path dir;

    private final AtomicInteger diagnoses = new AtomicInteger();

    private DiagnoseViewModel model() {
        return new DiagnoseViewModel(
                (request, progress, cancelled) -> {
                    diagnoses.incrementAndGet();
                    return new DiagnoseService().diagnose(request, progress, cancelled);
                },
                Runnable::run,
                Runnable::run);
    }

    static Path resource(String name) throws Exception {
        return Path.of(DiagnoseViewModelTest.class.getResource(name).toURI());
    }

    /** Every text the tab shows, joined. */
    private static String screen(DiagnoseViewModel m) {
        return String.join(
                "\n",
                m.verdictProperty().get(),
                m.figuresProperty().get(),
                m.whatIfProperty().get(),
                m.problemsProperty().get(),
                m.progressTextProperty().get(),
                String.join("\n", m.findings()),
                m.clients().stream().map(ClientDiagnosis::client).toList().toString());
    }

    @Test
    @DisplayName("DG3 DG12 DG14: the real nginx log shows who retried early, the findings, the what-if and the"
            + " arrivals")
    void theNginxLogShowsWhoRetriedEarly() throws Exception {
        DiagnoseViewModel m = model();
        m.addFiles(List.of(resource("/diagnose/nginx/storm-access.log")));
        m.logFormatProperty().set(NGINX_FORMAT);
        m.clientKeyProperty().set("$http_x_client_id");

        m.diagnose();

        assertThat(m.readyProperty().get()).isTrue();
        assertThat(m.runningProperty().get()).isFalse();
        assertThat(m.problemsProperty().get()).isEmpty();
        assertThat(m.progressProperty().get()).isEqualTo(1.0);
        assertThat(m.clients())
                .extracting(ClientDiagnosis::client)
                .containsExactlyInAnyOrder("patient", "eager-a", "eager-b");
        assertThat(m.clients().get(0).ignoresRetryAfter())
                .as("most early retries first")
                .isTrue();
        assertThat(m.clients())
                .filteredOn(c -> c.client().equals("patient"))
                .allMatch(c -> !c.ignoresRetryAfter() && c.earlyRetries() == 0);
        assertThat(m.findings())
                .anyMatch(f -> f.startsWith("DG3 [eager-a]"))
                .anyMatch(f -> f.startsWith("DG3 [eager-b]"))
                .noneMatch(f -> f.startsWith("DG3 [patient]"));
        assertThat(m.verdictProperty().get()).startsWith("2 of 3 clients ignored Retry-After");
        assertThat(m.whatIfProperty().get()).contains("DG6", "DG7", "DG1", "DG14");
        // DG14: the what-if's buckets add up to what it sent, beside the real ones.
        assertThat(m.whatIfArrivals()).isNotEmpty();
        long whatIfSent = m.whatIfArrivals().stream()
                .mapToLong(DiagnoseViewModel.ArrivalPoint::requests)
                .sum();
        assertThat(m.whatIfProperty().get())
                .contains(String.format(java.util.Locale.ROOT, "(DG14): %,d requests" + " instead of", whatIfSent));
        assertThat(m.figuresProperty().get()).contains("amplification");
        long requests =
                m.clients().stream().mapToLong(ClientDiagnosis::requests).sum();
        assertThat(m.arrivals().stream()
                        .mapToLong(DiagnoseViewModel.ArrivalPoint::requests)
                        .sum())
                .isEqualTo(requests);
        assertThat(m.arrivals().stream()
                        .mapToLong(DiagnoseViewModel.ArrivalPoint::throttled)
                        .sum())
                .isEqualTo(m.clients().stream()
                        .mapToLong(ClientDiagnosis::throttled)
                        .sum());
    }

    @Test
    @DisplayName("DG11: the bearer tokens and access_token values nginx logged never reach the tab")
    void secretsInTheLogNeverReachTheTab() throws Exception {
        DiagnoseViewModel m = model();
        m.addFiles(List.of(resource("/diagnose/nginx/storm-access.log")));
        m.logFormatProperty().set(NGINX_FORMAT);
        for (String key : new String[] {"$http_x_client_id", "$http_authorization"}) {
            m.clientKeyProperty().set(key);
            m.diagnose();
            assertThat(screen(m)).doesNotContain("made-up-bearer", "made-up-token");
        }
        assertThat(m.clients()).allMatch(c -> c.client().startsWith("key:"));
    }

    @Test
    @DisplayName("DG1 DG2: the real Chromium HAR, one client per X-Client-Id header, flags the eager client")
    void theChromiumHarFlagsTheEagerClient() throws Exception {
        DiagnoseViewModel m = model();
        m.addFiles(List.of(resource("/diagnose/har/chromium-storm.har")));
        m.clientKeyProperty().set("X-Client-Id");

        m.diagnose();

        assertThat(m.clients()).extracting(ClientDiagnosis::client).containsExactlyInAnyOrder("eager", "patient");
        assertThat(m.clients().get(0).client()).isEqualTo("eager");
        assertThat(m.clients().get(0).earlyRetries()).isPositive();
        assertThat(screen(m)).doesNotContain("not-a-real-token");
    }

    // Bad input: the log format matches no line; said in the field's words, and the files and fields are kept.
    @Test
    void aLogFormatThatMatchesNoLineIsSaidInTheFieldsWordsAndNothingIsLost() throws Exception {
        DiagnoseViewModel m = model();
        Path log = resource("/diagnose/nginx/storm-access.log");
        Path har = resource("/diagnose/har/chromium-storm.har");
        m.addFiles(List.of(log, har));
        m.formatProperty().set(InputFormat.AUTO);
        m.logFormatProperty().set("common");

        m.diagnose();

        assertThat(m.problemsProperty().get())
                .startsWith("storm-access.log: The log format '$remote_addr - ")
                .contains("matched none of the 88 lines (line 1: expected ' - ' after $remote_addr")
                .endsWith("pass the server's own format with the Log format field")
                .doesNotContain("--log-format");
        assertThat(m.files())
                .containsExactly(
                        log.toAbsolutePath().normalize(), har.toAbsolutePath().normalize());
        assertThat(m.logFormatProperty().get()).isEqualTo("common");
        assertThat(m.readyProperty().get())
                .as("the HAR that did parse is diagnosed")
                .isTrue();
        assertThat(m.clients()).isNotEmpty();
        assertThat(m.progressTextProperty().get()).contains("partial");
    }

    @Test
    void aFieldMappingWithoutTimeIsRefusedInTheFieldsWords() throws Exception {
        DiagnoseViewModel m = model();
        Path lines = Files.writeString(dir.resolve("gw.jsonl"), "{\"u\":\"/a\",\"s\":429}\n");
        m.addFiles(List.of(lines));
        m.formatProperty().set(InputFormat.JSONL);
        m.fieldsProperty().set("uri=u,status=s");

        m.diagnose();

        assertThat(m.problemsProperty().get()).startsWith("The Field mapping field must map 'time'");
        assertThat(m.readyProperty().get()).isFalse();
        assertThat(m.fieldsProperty().get()).isEqualTo("uri=u,status=s");
        assertThat(m.runningProperty().get()).isFalse();
    }

    @Test
    void refusedFieldsReadNothingAndSayWhichField() throws Exception {
        DiagnoseViewModel m = model();
        m.diagnose();
        assertThat(m.problemsProperty().get()).startsWith("Add at least one evidence file");

        m.addFiles(List.of(resource("/diagnose/har/chromium-storm.har")));
        m.toleranceProperty().set("soon");
        m.throttleStatusesProperty().set("503, 99");
        m.diagnose();

        assertThat(m.problemsProperty().get())
                .contains("The Tolerance field: 'soon' is not a duration")
                .contains("The Throttled statuses field takes HTTP statuses between 100 and 599")
                .contains("'99'");
        assertThat(diagnoses).hasValue(0);
        assertThat(m.toleranceProperty().get()).isEqualTo("soon");
    }

    @Test
    void aNamedThrottleStatusCountsAsThrottled() throws Exception {
        Path log = Files.writeString(
                dir.resolve("a.log"),
                Files.readString(resource("/diagnose/nginx/storm-access.log")).replace("\" 429 \"", "\" 503 \""));
        DiagnoseViewModel m = model();
        m.addFiles(List.of(log));
        m.logFormatProperty().set(NGINX_FORMAT);
        m.clientKeyProperty().set("$http_x_client_id");
        m.throttleStatusesProperty().set("503");

        m.diagnose();

        assertThat(m.clients()).allMatch(c -> c.throttled() == c.status().getOrDefault(503, 0L));
        assertThat(m.clients().stream().mapToLong(ClientDiagnosis::throttled).sum())
                .isPositive();
    }

    @Test
    void cancellingStopsTheReadingAndKeepsTheFields() throws Exception {
        StringBuilder big = new StringBuilder();
        for (int i = 0; i < 40_000; i++) {
            big.append("127.0.0.1 - - [01/Dec/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 200 1 \"-\" \"c\"\n");
        }
        Path log = Files.writeString(dir.resolve("big.log"), big);
        ArrayDeque<Runnable> queued = new ArrayDeque<>();
        DiagnoseViewModel m = new DiagnoseViewModel(new DiagnoseService()::diagnose, queued::add, Runnable::run);
        m.addFiles(List.of(log));

        m.diagnose();
        assertThat(m.runningProperty().get()).isTrue();
        m.cancel();
        queued.poll().run();

        assertThat(m.runningProperty().get()).isFalse();
        assertThat(m.progressTextProperty().get()).startsWith("Cancelled");
        assertThat(m.readyProperty().get()).isFalse();
        assertThat(m.files()).hasSize(1);
    }

    @Test
    @DisplayName("DG13: the tab saves the diagnosis as one HTML page without the secrets of the evidence")
    void savingWritesTheHtmlReport() throws Exception {
        DiagnoseViewModel m = model();
        m.addFiles(List.of(resource("/diagnose/nginx/storm-access.log")));
        m.logFormatProperty().set(NGINX_FORMAT);
        m.clientKeyProperty().set("$http_x_client_id");
        m.diagnose();
        Path page = dir.resolve("report.html");

        m.saveHtml(page);

        String html = Files.readString(page);
        assertThat(html)
                .startsWith("<!DOCTYPE html>")
                .contains("storm-access.log", "data-rule=\"DG3\"")
                .doesNotContain("made-up-bearer", "made-up-token");
        assertThat(m.savedProperty().get()).isEqualTo("Wrote " + page);
    }

    @Test
    @DisplayName("UI19: a lab run read with the evidence becomes a row beside the real storm's, a figure the report"
            + " lacks reads 'not measured', and its arrivals are a series of their own; without one both are empty")
    void aLabRunIsARowBesideTheRealStorm() throws Exception {
        // The real diagnosis of the nginx log, with one lab run beside it as DiagnoseService keeps a load report's.
        dev.stormwatch.diagnose.Diagnosis.LabRun run = new dev.stormwatch.diagnose.Diagnosis.LabRun(
                "/x/lab.json",
                "nginx-limit-req, 20 clients",
                java.time.Instant.parse("2026-12-01T10:00:00Z"),
                12,
                5,
                Double.NaN,
                "no retries",
                Double.NaN,
                "no shared Retry-After",
                List.of(2L, 6L, 4L),
                false);
        DiagnoseViewModel m = new DiagnoseViewModel(
                (request, progress, cancelled) -> {
                    dev.stormwatch.diagnose.Diagnosis d = new DiagnoseService().diagnose(request, progress, cancelled);
                    dev.stormwatch.diagnose.Diagnosis.EvidenceSummary e = d.evidence();
                    return new dev.stormwatch.diagnose.Diagnosis(
                            d.requests(),
                            d.logicalRequests(),
                            d.amplification(),
                            d.from(),
                            d.to(),
                            d.status(),
                            d.attempts(),
                            d.clients(),
                            d.findings(),
                            d.synchronisation(),
                            d.throttling(),
                            d.arrivals(),
                            d.lanes(),
                            d.whatIf(),
                            new dev.stormwatch.diagnose.Diagnosis.EvidenceSummary(
                                    e.files(),
                                    e.unparsed(),
                                    e.examples(),
                                    e.duplicateLines(),
                                    e.clockStepsBack(),
                                    List.of(run)),
                            d.verdict(),
                            d.partial());
                },
                Runnable::run,
                Runnable::run);
        m.addFiles(List.of(resource("/diagnose/nginx/storm-access.log")));
        m.logFormatProperty().set(NGINX_FORMAT);
        m.clientKeyProperty().set("$http_x_client_id");

        m.diagnose();

        assertThat(m.labRuns()).hasSize(2);
        DiagnoseViewModel.LabRunRow real = m.labRuns().get(0);
        assertThat(real.input()).isEqualTo("evidence");
        assertThat(real.kind()).isEqualTo("real storm");
        assertThat(real.requests()).isEqualTo(88);
        assertThat(real.amplification()).matches("\\d\\.\\d\\d×");
        DiagnoseViewModel.LabRunRow lab = m.labRuns().get(1);
        assertThat(lab)
                .isEqualTo(new DiagnoseViewModel.LabRunRow(
                        "lab.json",
                        "lab run: nginx-limit-req, 20 clients (partial run)",
                        12,
                        5,
                        "not measured",
                        "1.50×",
                        "not measured"));
        assertThat(m.labRunArrivals())
                .extracting(DiagnoseViewModel.LabRunArrivals::name)
                .containsExactly("real storm (evidence)", "lab run lab.json");
        assertThat(m.labRunArrivals().get(1).points())
                .extracting(DiagnoseViewModel.ArrivalPoint::requests)
                .containsExactly(2, 6, 4);
        assertThat(m.labRunArrivals().get(0).points().stream()
                        .mapToInt(DiagnoseViewModel.ArrivalPoint::requests)
                        .sum())
                .isEqualTo(88);

        DiagnoseViewModel plain = model();
        plain.addFiles(List.of(resource("/diagnose/nginx/storm-access.log")));
        plain.logFormatProperty().set(NGINX_FORMAT);
        plain.diagnose();
        assertThat(plain.readyProperty().get()).isTrue();
        assertThat(plain.labRuns()).isEmpty();
        assertThat(plain.labRunArrivals()).isEmpty();
    }

    @Test
    @DisplayName("DG10, DG11: the tab lists the lines that did not parse with file, line and reason, redacted, and"
            + " the diagnosis of the rest is partial")
    void theLinesThatDidNotParseAreListedWithFileLineAndReason() throws Exception {
        DiagnoseViewModel m = model();
        Path log = dir.resolve("gateway.log");
        java.nio.file.Files.writeString(
                log,
                String.join(
                        "\n",
                        "10.0.0.1 - - [01/Dec/2026:10:00:00 +0000] \"GET /v1/models HTTP/1.1\" 429 12 \"-\" \"curl/8\"",
                        "this is no access log line /v1/models?access_token=sekrit-9876",
                        "10.0.0.1 - - [01/Dec/2026:10:00:01 +0000] \"GET /v1/models HTTP/1.1\" 200 12 \"-\" \"curl/8\"",
                        ""));
        m.addFiles(List.of(log));
        m.formatProperty().set(InputFormat.NGINX);
        m.logFormatProperty().set("combined");

        m.diagnose();

        assertThat(m.unparsedLines()).hasSize(1);
        assertThat(m.unparsedLines().get(0))
                .startsWith("gateway.log line 2: ")
                .contains("access_token=[redacted]")
                .doesNotContain("sekrit-9876");
        assertThat(m.progressTextProperty().get()).contains("1 line did not parse (partial)");
        assertThat(m.clients()).isNotEmpty();
    }

    @Test
    @DisplayName(
            "DG22: a burst of typing reads the first file once, after the fields rest, with the newest fields, never"
                    + " on the typing thread; a JSON mapping's reason names the Field mapping field")
    void aBurstOfTypingReadsThePreviewOnceWithTheNewestFields() throws Exception {
        Path jsonl = Files.writeString(
                dir.resolve("gateway.jsonl"),
                "{\"ts\": 1764583200.5, \"code\": 429, \"path\": \"/v1/x\", \"who\": \"alice\"}\n");
        java.util.List<dev.stormwatch.diagnose.DiagnoseRequest> asked = new java.util.ArrayList<>();
        java.util.List<java.time.Duration> waits = new java.util.ArrayList<>();
        java.util.ArrayDeque<Runnable> waiting = new java.util.ArrayDeque<>();
        java.time.Duration debounce = java.time.Duration.ofMillis(400);
        DiagnoseViewModel m = new DiagnoseViewModel(
                new DiagnoseService()::diagnose,
                (request, lines) -> {
                    asked.add(request);
                    return new DiagnoseService().preview(request, lines);
                },
                Runnable::run,
                (wait, task) -> {
                    waits.add(wait);
                    waiting.add(task);
                },
                Runnable::run,
                debounce);
        m.addFiles(List.of(jsonl));
        String typed = "time=ts,status=code,uri=path,client=who";
        for (int n = 1; n <= typed.length(); n++) {
            m.fieldsProperty().set(typed.substring(0, n));
        }

        // Typing reads nothing on the typing thread: each keystroke only waits out the debounce.
        assertThat(asked).isEmpty();
        assertThat(waits).hasSize(1 + typed.length()).containsOnly(debounce);
        // The waits end in the order they began; only the last keystroke's is still the newest, and reads.
        runAll(waiting);
        assertThat(asked).hasSize(1);
        assertThat(asked.get(0).fields()).isEqualTo(typed);
        assertThat(m.previewTitleProperty().get()).contains("its one line parsed");
        assertThat(m.previewLines().get(0).client()).isEqualTo("alice");
        assertThat(m.previewLines().get(0).status()).isEqualTo(429);

        m.fieldsProperty().set("");
        runAll(waiting);
        assertThat(m.previewProblemProperty().get())
                .startsWith("JSON lines need a field mapping: the Field mapping field time=")
                .doesNotContain("--fields");
    }

    private static void runAll(java.util.Queue<Runnable> queue) {
        while (!queue.isEmpty()) {
            queue.poll().run();
        }
    }
}
