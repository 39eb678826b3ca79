package dev.stormwatch.app.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.diagnose.DiagnoseViewModel.ArrivalPoint;
import dev.stormwatch.app.diagnose.DiagnoseViewModel.LabRunRow;
import dev.stormwatch.app.diagnose.DiagnoseViewModel.StatusPoint;
import dev.stormwatch.diagnose.DiagnoseException;
import dev.stormwatch.diagnose.DiagnoseRequest;
import dev.stormwatch.diagnose.Diagnosis;
import dev.stormwatch.diagnose.Diagnosis.ClientDiagnosis;
import dev.stormwatch.diagnose.Preview;
import dev.stormwatch.diagnose.ReadProgress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Diagnose tab's model on diagnoses whose every figure is known: what each property says, to the character. The
 * diagnosis is a value made here, so a wrong sum, bucket, plural or rule ID shows; the background, preview and UI
 * work run when the test says.
 */
class DiagnoseViewModelEdgesTest {

    private static final String NL = System.lineSeparator();
    private static final Instant FROM = Instant.parse("2026-12-01T10:00:00Z");

    @TempDir
    Path dir;

    private final ArrayDeque<Runnable> background = new ArrayDeque<>();
    private final ArrayDeque<Runnable> ui = new ArrayDeque<>();
    private final List<DiagnoseRequest> asked = new ArrayList<>();

    private static ClientDiagnosis client(String name, long requests, long retries, long early, long throttled) {
        return new ClientDiagnosis(
                name,
                requests,
                requests - retries,
                retries,
                0,
                early,
                0,
                early > 0,
                new TreeMap<>(),
                throttled,
                0,
                0,
                0);
    }

    /** {@code s} with the lanes, the what-if, the evidence and partiality given; the rest, verdict too, as in it. */
    private static Diagnosis withTail(
            Diagnosis s,
            Diagnosis.Lanes lanes,
            Diagnosis.WhatIf whatIf,
            Diagnosis.EvidenceSummary evidence,
            boolean partial) {
        return new Diagnosis(
                s.requests(),
                s.logicalRequests(),
                s.amplification(),
                s.from(),
                s.to(),
                s.status(),
                s.attempts(),
                s.clients(),
                s.findings(),
                s.synchronisation(),
                s.throttling(),
                s.arrivals(),
                lanes,
                whatIf,
                evidence,
                s.verdict(),
                partial);
    }

    /** A storm of 1,234 requests over two 2 s buckets, two files (one that gave nothing), a what-if that ran. */
    static Diagnosis storm(List<Diagnosis.LabRun> labRuns) {
        return new Diagnosis(
                1234,
                1000,
                1.234,
                FROM,
                FROM.plusSeconds(4),
                new TreeMap<>(Map.of(200, 1000L, 429, 234L)),
                new TreeMap<>(Map.of(1, 800L, 2, 200L)),
                List.of(client("c1", 900, 200, 50, 200), client("c2", 334, 34, 0, 34)),
                List.of(
                        new Diagnosis.Finding("DG3", "c1", "ignored Retry-After."),
                        new Diagnosis.Finding("DG5", null, "amplification 1.23×.")),
                new Diagnosis.Synchronisation(500, 246.8, 80, 24.68, FROM, 7, FROM),
                new Diagnosis.Throttling(2, 123.4, 1234),
                new Diagnosis.Arrivals(
                        FROM,
                        2000,
                        List.of(3, 5),
                        List.of(1, 2),
                        List.of(0, 1),
                        List.of(0, 1),
                        List.of(2, 1),
                        List.of(0, 1)),
                new Diagnosis.Lanes(
                        List.of(
                                new Diagnosis.Lane("c1", 900, 3, List.of()),
                                new Diagnosis.Lane("c2", 334, 1, List.of())),
                        1,
                        12),
                new Diagnosis.WhatIf(
                        true, 1100, 1000, 1.1, 950, 50, 900, 40, true, 2, 10, 2015, List.of(2, 4), List.of(0, 1)),
                new Diagnosis.EvidenceSummary(
                        List.of(
                                new Diagnosis.FileSummary("/x/a.log", "nginx", 1234, 3, null),
                                new Diagnosis.FileSummary(
                                        "/x/b.log",
                                        "nginx",
                                        0,
                                        5,
                                        "no line matched; pass the format with --log-format")),
                        8,
                        List.of(
                                new Diagnosis.Unparsed("/x/a.log", 7, "no status", "GET /x"),
                                new Diagnosis.Unparsed("/x/a.log", 9, "bad time", "")),
                        0,
                        0,
                        labRuns),
                "2 clients, one ignored Retry-After.",
                true);
    }

    /** Nothing read: no request, no time span, one file, no what-if; two clients not drawn. */
    static Diagnosis empty(List<Diagnosis.LabRun> labRuns) {
        return new Diagnosis(
                0,
                0,
                0,
                null,
                null,
                new TreeMap<>(),
                new TreeMap<>(),
                List.of(),
                List.of(),
                new Diagnosis.Synchronisation(0, 0, 0, 0, null, 0, null),
                new Diagnosis.Throttling(2, 0, 0),
                new Diagnosis.Arrivals(FROM, 1000, List.of(), List.of(), List.of(), List.of(), List.of(), List.of()),
                new Diagnosis.Lanes(List.of(), 2, 30),
                Diagnosis.WhatIf.NONE,
                new Diagnosis.EvidenceSummary(
                        List.of(new Diagnosis.FileSummary("/x/a.log", "nginx", 0, 0, null)),
                        0,
                        List.of(),
                        0,
                        0,
                        labRuns),
                "No requests.",
                false);
    }

    private DiagnoseViewModel model(Diagnosis answer) {
        return new DiagnoseViewModel(
                (request, progress, cancelled) -> {
                    asked.add(request);
                    return answer;
                },
                background::add,
                ui::add);
    }

    private static void runAll(ArrayDeque<Runnable> queue) {
        while (!queue.isEmpty()) {
            queue.poll().run();
        }
    }

    private void diagnoseAndShow(DiagnoseViewModel m) {
        m.diagnose();
        runAll(background);
        runAll(ui);
    }

    @Test
    @DisplayName("DG5 DG4 DG6 DG7 DG14 DG15: the figures and the what-if say each number of the diagnosis in its place")
    void theFiguresAndTheWhatIfSayEachNumber() {
        DiagnoseViewModel m = model(storm(List.of()));
        m.addFiles(List.of(dir.resolve("a.log"), dir.resolve("b.log")));

        diagnoseAndShow(m);

        assertThat(m.figuresProperty().get())
                .isEqualTo(
                        "1,234 requests, 1,000 logical requests: amplification 1.23× (DG5)" + NL
                                + "From 2026-12-01T10:00:00Z to 2026-12-01T10:00:04Z" + NL
                                + "Status: 200: 1,000, 429: 234" + NL
                                + "Busiest second: 500 requests, 2.0× the mean; up to 7 clients retried within one 100 ms (DG4)");
        assertThat(m.whatIfProperty().get())
                .isEqualTo("Extra load: 234 retries, 19% of all requests (the SRE budget is 10%, DG6)" + NL
                        + "50 retries came before Retry-After allowed (DG1): honouring it, they would have waited" + NL
                        + "Client-side throttling (K = 2) would have kept about 123 of 1,234 requests (10%) off the"
                        + " wire (DG7)" + NL
                        + "Replayed by clients that honour Retry-After with full jitter (DG14): 1,100 requests instead"
                        + " of 1,234, amplification 1.10× instead of 1.23×, 95% of the logical requests completed"
                        + " instead of 90%; against 40 requests a second, the most the server accepted in one second"
                        + " (DG15)");
        assertThat(m.verdictProperty().get()).isEqualTo("2 clients, one ignored Retry-After.");
        assertThat(m.findings()).containsExactly("DG3 [c1] ignored Retry-After.", "DG5 amplification 1.23×.");
        assertThat(m.clients()).extracting(ClientDiagnosis::client).containsExactly("c1", "c2");
    }

    @Test
    @DisplayName("DG14 DG15: without a time span there are no figures, and a what-if that did not run adds no line")
    void nothingReadSaysNoFiguresAndNoReplay() {
        DiagnoseViewModel m = model(empty(List.of()));
        m.addFiles(List.of(dir.resolve("a.log")));

        diagnoseAndShow(m);

        assertThat(m.figuresProperty().get()).isEmpty();
        assertThat(m.whatIfProperty().get())
                .isEqualTo("Extra load: 0 retries, 0% of all requests (the SRE budget is 10%, DG6)" + NL
                        + "0 retries came before Retry-After allowed (DG1): honouring it, they would have waited" + NL
                        + "Client-side throttling (K = 2) would have kept about 0 of 0 requests (0%) off the wire"
                        + " (DG7)");
        assertThat(m.quotaPerBucketProperty().get()).isZero();
        assertThat(m.progressTextProperty().get()).isEqualTo("Read 0 requests from 1 file.");
        assertThat(m.lanesNoteProperty().get()).isEqualTo("2 more clients with 30 requests not drawn");
        assertThat(m.unparsedLines()).isEmpty();
        assertThat(m.problemsProperty().get()).isEmpty();
    }

    @Test
    @DisplayName("DG15: a quota given (not estimated) is said without the estimate's words")
    void aGivenQuotaIsSaidPlainly() {
        Diagnosis s = storm(List.of());
        Diagnosis.WhatIf w = s.whatIf();
        Diagnosis given = withTail(
                s,
                s.lanes(),
                new Diagnosis.WhatIf(
                        true,
                        w.requests(),
                        w.logicalRequests(),
                        w.amplification(),
                        w.completed(),
                        w.gaveUp(),
                        w.realCompleted(),
                        40,
                        false,
                        2,
                        10,
                        2015,
                        w.arrivals(),
                        w.throttled()),
                s.evidence(),
                s.partial());
        DiagnoseViewModel m = model(given);
        m.addFiles(List.of(dir.resolve("a.log")));

        diagnoseAndShow(m);

        assertThat(m.whatIfProperty().get()).endsWith("; against 40 requests a second (DG15)");
    }

    @Test
    @DisplayName("DG12 DG14 DG24: each bucket sits at its own second, the what-if's on the real width, the statuses"
            + " stacked with the rest as other, and the quota line per bucket")
    void theBucketsSitAtTheirSeconds() {
        DiagnoseViewModel m = model(storm(List.of()));
        m.addFiles(List.of(dir.resolve("a.log")));

        diagnoseAndShow(m);

        assertThat(m.arrivals()).containsExactly(new ArrivalPoint(0.0, 3, 1, 0), new ArrivalPoint(2.0, 5, 2, 1));
        assertThat(m.whatIfArrivals()).containsExactly(new ArrivalPoint(0.0, 2, 0, 0), new ArrivalPoint(2.0, 4, 1, 0));
        assertThat(m.statusArrivals())
                .containsExactly(new StatusPoint(0.0, 2, 1, 0, 0), new StatusPoint(2.0, 1, 2, 1, 1));
        // 40 requests a second on 2 s buckets.
        assertThat(m.quotaPerBucketProperty().get()).isEqualTo(80.0);
    }

    @Test
    @DisplayName("DG23: the lanes' note names the one client not drawn in the singular and the lanes thinned to one"
            + " mark per k requests, and only those")
    void theLanesNoteNamesWhatIsLeftOut() {
        DiagnoseViewModel m = model(storm(List.of()));
        m.addFiles(List.of(dir.resolve("a.log")));

        diagnoseAndShow(m);

        assertThat(m.lanes()).extracting(Diagnosis.Lane::client).containsExactly("c1", "c2");
        assertThat(m.lanesNoteProperty().get())
                .isEqualTo("1 more client with 12 requests not drawn; c1: one mark per 3 requests, every early retry");
    }

    @Test
    @DisplayName("DG10: a partial diagnosis says how many lines did not parse, lists the kept ones by file and line"
            + " (a line without text without a dash), how many more there were, and the file that gave nothing in the"
            + " field's words")
    void aPartialDiagnosisListsWhatDidNotParse() {
        DiagnoseViewModel m = model(storm(List.of()));
        m.addFiles(List.of(dir.resolve("a.log"), dir.resolve("b.log")));

        diagnoseAndShow(m);

        assertThat(m.progressTextProperty().get())
                .isEqualTo("Read 1,234 requests from 2 files; 8 lines did not parse (partial).");
        assertThat(m.progressProperty().get()).isEqualTo(1.0);
        assertThat(m.unparsedLines())
                .containsExactly(
                        "a.log line 7: no status — GET /x",
                        "a.log line 9: bad time",
                        "…and 6 more lines that did not parse");
        assertThat(m.problemsProperty().get())
                .isEqualTo("b.log: No line matched; pass the format with the Log format field");
    }

    @Test
    @DisplayName("DG10: the examples that are all the lines that did not parse get no 'more' line")
    void noMoreLineWhenEveryUnparsedLineIsListed() {
        Diagnosis s = storm(List.of());
        Diagnosis.EvidenceSummary e = s.evidence();
        Diagnosis exact = withTail(
                s,
                Diagnosis.Lanes.NONE,
                s.whatIf(),
                new Diagnosis.EvidenceSummary(e.files(), 2, e.examples(), 0, 0),
                true);
        DiagnoseViewModel m = model(exact);
        m.addFiles(List.of(dir.resolve("a.log")));

        diagnoseAndShow(m);

        assertThat(m.unparsedLines()).hasSize(2).noneMatch(line -> line.contains("more lines"));
        assertThat(m.lanesNoteProperty().get()).as("no client left out").isEmpty();
    }

    @Test
    @DisplayName("UI19 DG17: a finished lab run beside a storm on 2 s buckets: the storm's series says its width, the"
            + " run's figures are formatted, and without evidence requests there is no real-storm row")
    void labRunsBesideAStormOnWiderBuckets() {
        Diagnosis.LabRun run = new Diagnosis.LabRun(
                "/x/lab.json", "relay, 5 clients", FROM, 12, 5, 1.5, "", 2.25, "", List.of(1L, 2L, 3L), true);
        DiagnoseViewModel m = model(storm(List.of(run)));
        m.addFiles(List.of(dir.resolve("a.log")));

        diagnoseAndShow(m);

        assertThat(m.labRuns())
                .containsExactly(
                        new LabRunRow("evidence", "real storm", 1234, 234, "1.23×", "2.03×", ""),
                        new LabRunRow("lab.json", "lab run: relay, 5 clients", 12, 5, "1.50×", "1.50×", "2.25×"));
        assertThat(m.labRunArrivals())
                .extracting(DiagnoseViewModel.LabRunArrivals::name)
                .containsExactly("real storm (evidence, per 2 s)", "lab run lab.json");
        assertThat(m.labRunArrivals().get(1).points())
                .containsExactly(
                        new ArrivalPoint(0, 1, 0, 0), new ArrivalPoint(1, 2, 0, 0), new ArrivalPoint(2, 3, 0, 0));

        DiagnoseViewModel none = model(empty(List.of(run)));
        none.addFiles(List.of(dir.resolve("a.log")));
        diagnoseAndShow(none);
        assertThat(none.labRuns()).extracting(LabRunRow::input).containsExactly("lab.json");
        assertThat(none.labRunArrivals())
                .extracting(DiagnoseViewModel.LabRunArrivals::name)
                .containsExactly("lab run lab.json");
    }

    @Test
    @DisplayName("DG10: while reading, the bar stands at the files read plus the share of the current one, and the"
            + " line names the file, its place and the counts")
    void progressStandsAtTheShareRead() {
        DiagnoseViewModel m = new DiagnoseViewModel(
                (request, progress, cancelled) -> {
                    progress.accept(new ReadProgress("/x/b.log", 2, 4, 50, 200, 1_234_567, 3, false));
                    return storm(List.of());
                },
                background::add,
                ui::add);
        m.addFiles(List.of(dir.resolve("a.log")));

        m.diagnose();
        assertThat(m.progressTextProperty().get()).isEqualTo("Reading 1 file...");
        assertThat(m.runningProperty().get()).isTrue();
        runAll(background);
        ui.poll().run();

        assertThat(m.progressProperty().get()).isEqualTo(1.25 / 4);
        assertThat(m.progressTextProperty().get())
                .isEqualTo("Reading b.log (2 of 4): 1,234,567 requests, 3 lines not parsed");
        assertThat(m.runningProperty().get()).isTrue();
        runAll(ui);
        assertThat(m.runningProperty().get()).isFalse();
    }

    @Test
    @DisplayName("DG10: a second Diagnose while one reads starts nothing, and several files are counted as files")
    void aSecondDiagnoseWhileOneRunsStartsNothing() {
        DiagnoseViewModel m = model(storm(List.of()));
        m.addFiles(List.of(dir.resolve("a.log"), dir.resolve("b.log")));

        m.diagnose();
        m.diagnose();

        assertThat(background).hasSize(1);
        assertThat(m.progressTextProperty().get()).isEqualTo("Reading 2 files...");
        runAll(background);
        runAll(ui);
        assertThat(asked).hasSize(1);
    }

    @Test
    @DisplayName("DG22: a failure of the reading is said in the fields' words, and the tab is ready for another go")
    void aFailedReadingIsSaidInTheFieldsWords() {
        DiagnoseViewModel bad = new DiagnoseViewModel(
                (request, progress, cancelled) -> {
                    throw new DiagnoseException.BadOption("--tolerance must be below the retry window");
                },
                background::add,
                ui::add);
        bad.addFiles(List.of(dir.resolve("a.log")));

        diagnoseAndShow(bad);

        assertThat(bad.problemsProperty().get()).isEqualTo("The Tolerance field must be below the retry window");
        assertThat(bad.runningProperty().get()).isFalse();
        assertThat(bad.progressTextProperty().get()).isEmpty();
        assertThat(bad.readyProperty().get()).isFalse();

        DiagnoseViewModel broken = new DiagnoseViewModel(
                (request, progress, cancelled) -> {
                    throw new IllegalStateException("lost --format");
                },
                background::add,
                ui::add);
        broken.addFiles(List.of(dir.resolve("a.log")));
        diagnoseAndShow(broken);
        assertThat(broken.problemsProperty().get()).isEqualTo("Lost the Format field");
        assertThat(broken.runningProperty().get()).isFalse();
    }

    @Test
    @DisplayName("DG9 DG16 DG1: the fields reach the diagnosis as typed: statuses 100 and 599, a field=value mark,"
            + " a tolerance of 0, and blank texts as none")
    void theFieldsReachTheDiagnosisAsTyped() {
        DiagnoseViewModel m = model(storm(List.of()));
        m.addFiles(List.of(dir.resolve("a.log")));
        m.toleranceProperty().set(" 0ms ");
        m.throttleStatusesProperty().set(" 100, 599 response_flags=RL");
        m.logFormatProperty().set("  combined ");
        m.fieldsProperty().set("   ");
        m.clientKeyProperty().set(null);

        diagnoseAndShow(m);

        assertThat(m.problemsProperty().get())
                .isEqualTo("b.log: No line matched; pass the format with the Log" + " format field");
        assertThat(asked).hasSize(1);
        DiagnoseRequest request = asked.get(0);
        assertThat(request.options().tolerance()).isEqualTo(Duration.ZERO);
        assertThat(request.options().throttleStatuses()).isEqualTo(Set.of(100, 429, 599));
        assertThat(request.options().throttledFields()).containsExactly("response_flags=RL");
        assertThat(request.logFormat()).isEqualTo("combined");
        assertThat(request.fields()).isNull();
        assertThat(request.clientKey()).isNull();
        assertThat(request.files())
                .containsExactly(dir.resolve("a.log").toAbsolutePath().normalize());
    }

    @Test
    @DisplayName("DG9 DG16 DG1: a negative tolerance, a status beyond 599, a mark without a field or without a value"
            + " are each refused by name, and nothing is read")
    void badFieldsAreEachRefused() {
        DiagnoseViewModel m = model(storm(List.of()));
        m.addFiles(List.of(dir.resolve("a.log")));
        m.toleranceProperty().set("PT-1S");
        m.throttleStatusesProperty().set("600,=RL,flags=");

        m.diagnose();

        assertThat(m.problemsProperty().get().split("\n"))
                .containsExactly(
                        "The Tolerance field cannot be negative, was 'PT-1S'",
                        "The Throttled statuses field takes HTTP statuses between 100 and 599 or field=value marks"
                                + " separated by commas, such as 503 or response_flags=RL; '600' is not one",
                        "The Throttled statuses field takes HTTP statuses between 100 and 599 or field=value marks"
                                + " separated by commas, such as 503 or response_flags=RL; '=RL' is not one",
                        "The Throttled statuses field takes HTTP statuses between 100 and 599 or field=value marks"
                                + " separated by commas, such as 503 or response_flags=RL; 'flags=' is not one");
        assertThat(background).isEmpty();
        assertThat(m.runningProperty().get()).isFalse();
    }

    @Test
    @DisplayName("DG22: a reason names the field the person sees for each option the tab has, leaves other options as"
            + " they are, and starts as a sentence")
    void reasonsNameTheFields() {
        assertThat(DiagnoseViewModel.inFieldWords(null)).isEmpty();
        assertThat(DiagnoseViewModel.inFieldWords("")).isEmpty();
        assertThat(DiagnoseViewModel.inFieldWords("--fields lacks time; see --client-key and --throttled"))
                .isEqualTo("The Field mapping field lacks time; see the Client key field and the Throttled statuses"
                        + " field");
        assertThat(DiagnoseViewModel.inFieldWords("use --seed or --throttle-status"))
                .isEqualTo("Use --seed or the Throttled statuses field");
    }

    @Test
    @DisplayName("DG13: without a diagnosis Save writes nothing; a report that cannot be written says where and why;"
            + " the next diagnosis starts afresh")
    void savingWithoutADiagnosisOrToAFolder() throws Exception {
        DiagnoseViewModel m = model(storm(List.of()));
        Path page = dir.resolve("report.html");

        m.saveHtml(page);
        assertThat(background).isEmpty();
        assertThat(Files.exists(page)).isFalse();

        m.addFiles(List.of(dir.resolve("a.log")));
        diagnoseAndShow(m);
        Path folder = Files.createDirectory(dir.resolve("reports"));
        m.saveHtml(folder);
        runAll(background);
        runAll(ui);

        assertThat(m.savedProperty().get()).startsWith("Could not write the report to " + folder + ": ");

        // DG13, DG10: the next diagnosis starts with no saved line, the bar at 0 and the problems cleared.
        m.toleranceProperty().set("soon");
        m.diagnose();
        assertThat(m.problemsProperty().get()).isNotEmpty();
        m.toleranceProperty().set("100ms");
        m.diagnose();
        assertThat(m.savedProperty().get()).isEmpty();
        assertThat(m.progressProperty().get()).isZero();
        assertThat(m.problemsProperty().get()).isEmpty();
        assertThat(m.runningProperty().get()).isTrue();
    }

    @Test
    @DisplayName("DG10: a file added twice, or by another spelling of its path, is listed once; removed and cleared"
            + " files are gone")
    void filesAreListedOnce() {
        DiagnoseViewModel m = model(storm(List.of()));
        Path a = dir.resolve("a.log");

        m.addFiles(List.of(a, dir.resolve("x/../a.log"), dir.resolve("b.log"), a));

        assertThat(m.files()).containsExactly(a.toAbsolutePath().normalize(), dir.resolve("b.log"));
        m.removeFile(a);
        assertThat(m.files()).containsExactly(dir.resolve("b.log"));
        m.clearFiles();
        assertThat(m.files()).isEmpty();
    }

    @Test
    @DisplayName("DG22: only the newest change reads the preview; the title counts the parsed lines, a line that did"
            + " not parse and the file's problem name the fields; no file clears it")
    void thePreviewShowsTheNewestReading() throws Exception {
        ArrayDeque<Runnable> previewing = new ArrayDeque<>();
        List<DiagnoseRequest> previewed = new ArrayList<>();
        Path jsonl = dir.resolve("gw.jsonl");
        Preview.Line parsed = new Preview.Line(1, FROM, "alice", "GET", "/v1/x", 5, 429, "2", null, null);
        Preview.Line unparsed =
                new Preview.Line(2, null, null, null, null, -1, 0, null, "no time: map it with --fields", "{}");
        DiagnoseViewModel m = new DiagnoseViewModel(
                (request, progress, cancelled) -> storm(List.of()),
                (request, lines) -> {
                    previewed.add(request);
                    assertThat(lines).isEqualTo(DiagnoseViewModel.PREVIEW_LINES);
                    String as = request.clientKey() == null ? "jsonl" : "jsonl by " + request.clientKey();
                    return new Preview(jsonl.toString(), as, List.of(parsed, unparsed), "mapped by --fields only");
                },
                background::add,
                (wait, task) -> previewing.add(task),
                ui::add,
                Duration.ZERO);

        m.addFiles(List.of(jsonl));
        m.fieldsProperty().set("time=ts");
        assertThat(previewing).hasSize(2);
        runAll(previewing);
        assertThat(previewed).hasSize(1);
        assertThat(previewed.get(0).fields()).isEqualTo("time=ts");
        runAll(ui);

        assertThat(m.previewTitleProperty().get())
                .isEqualTo("Preview of gw.jsonl read as jsonl: 1 of the first 2 lines parsed");
        assertThat(m.previewLines().get(0)).isEqualTo(parsed);
        assertThat(m.previewLines().get(1).reason()).isEqualTo("No time: map it with the Field mapping field");
        assertThat(m.previewLines().get(1).text()).isEqualTo("{}");
        assertThat(m.previewLines().get(1).line()).isEqualTo(2);
        assertThat(m.previewProblemProperty().get()).isEqualTo("Mapped by the Field mapping field only");

        // A reading that finished after a newer change is not shown.
        m.clientKeyProperty().set("who");
        runAll(previewing);
        m.logFormatProperty().set("combined");
        runAll(ui);
        assertThat(previewed).hasSize(2);
        assertThat(m.previewTitleProperty().get()).startsWith("Preview of gw.jsonl read as jsonl: ");

        m.clearFiles();
        assertThat(m.previewLines()).isEmpty();
        assertThat(m.previewTitleProperty().get()).isEmpty();
        assertThat(m.previewProblemProperty().get()).isEmpty();
    }

    @Test
    @DisplayName("DG22: a preview whose file has no problem shows none, and a failed reading names the file and says"
            + " why in the fields' words, only while it is the newest")
    void aFailedPreviewIsSaidInTheFieldsWords() {
        ArrayDeque<Runnable> previewing = new ArrayDeque<>();
        Path log = dir.resolve("access.log");
        boolean[] fail = {false};
        DiagnoseViewModel m = new DiagnoseViewModel(
                (request, progress, cancelled) -> storm(List.of()),
                (request, lines) -> {
                    if (fail[0]) {
                        throw new DiagnoseException.BadOption("pass the server's format with --log-format");
                    }
                    return new Preview(
                            log.toString(),
                            "nginx",
                            List.of(new Preview.Line(1, FROM, "10.0.0.1", "GET", "/", 5, 200, null, null, null)),
                            null);
                },
                background::add,
                (wait, task) -> previewing.add(task),
                ui::add,
                Duration.ZERO);

        m.addFiles(List.of(log));
        runAll(previewing);
        runAll(ui);
        assertThat(m.previewTitleProperty().get())
                .isEqualTo("Preview of access.log read as nginx: its one line parsed");
        assertThat(m.previewProblemProperty().get()).isEmpty();

        fail[0] = true;
        m.formatProperty().set(dev.stormwatch.diagnose.InputFormat.NGINX);
        assertThat(previewing).as("a new format reads the preview again").hasSize(1);
        runAll(previewing);
        // A failure that a newer change overtook says nothing.
        m.fieldsProperty().set("time=ts");
        runAll(ui);
        assertThat(m.previewTitleProperty().get()).startsWith("Preview of access.log read as nginx");
        assertThat(m.previewProblemProperty().get()).isEmpty();
        runAll(previewing);
        runAll(ui);
        assertThat(m.previewTitleProperty().get()).isEqualTo("Preview of access.log");
        assertThat(m.previewProblemProperty().get()).isEqualTo("Pass the server's format with the Log format field");
        assertThat(m.previewLines()).isEmpty();
    }
}
