package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.diagnose.Diagnosis.FileSummary;
import dev.stormwatch.diagnose.Diagnosis.LabRun;
import dev.stormwatch.load.report.JsonReportReader;
import dev.stormwatch.load.report.JsonReportWriter;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.NamedSeries;
import dev.stormwatch.load.report.SampleReports;
import dev.stormwatch.load.series.Counter;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The edges of {@link DiagnoseService}: progress, per-file counts, lab runs, presets, labels and the preview. */
class DiagnoseServiceEdgesTest {

    @TempDir
    Path dir;

    private final DiagnoseService service = new DiagnoseService();

    private Path write(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text, StandardCharsets.UTF_8);
    }

    private static DiagnoseRequest request(InputFormat format, String logFormat, String fields, Path... files) {
        return new DiagnoseRequest(List.of(files), format, logFormat, fields, null, DiagnosisOptions.DEFAULTS);
    }

    private Diagnosis diagnose(DiagnoseRequest request) throws DiagnoseException {
        return service.diagnose(request, p -> {}, () -> false);
    }

    private Diagnosis diagnose(Path... files) throws DiagnoseException {
        return diagnose(DiagnoseRequest.of(List.of(files)));
    }

    @Test
    @DisplayName("DG10: progress tells each file's start and end with its position and size, and a report every"
            + " 16384 lines, rejected lines included")
    void progressTellsEachFileAndEveryCheckOfLines() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int n = 0; n < 16_383; n++) {
            text.append(DiagnoseServiceTest.line("1.1.1.1", "10:00:00", "/a" + n, 200));
        }
        text.append("not a log line\n");
        Path big = write("big.log", text.toString());
        Path small = write("small.log", DiagnoseServiceTest.line("2.2.2.2", "10:00:01", "/b", 200));
        List<ReadProgress> seen = new ArrayList<>();
        service.diagnose(DiagnoseRequest.of(List.of(big, small)), seen::add, () -> false);

        assertThat(seen).extracting(ReadProgress::fileIndex).containsExactly(1, 1, 1, 2, 2);
        assertThat(seen).extracting(ReadProgress::files).containsOnly(2);
        assertThat(seen).extracting(ReadProgress::done).containsExactly(false, false, true, false, true);
        assertThat(seen.get(0).bytesTotal()).isEqualTo(Files.size(big));
        assertThat(seen.get(3).bytesTotal()).isEqualTo(Files.size(small));
        assertThat(seen.get(0).fileShare()).isZero();
        ReadProgress middle = seen.get(1);
        assertThat(middle.bytesRead()).isPositive().isLessThanOrEqualTo(Files.size(big));
        assertThat(middle.fileShare()).isEqualTo((double) middle.bytesRead() / Files.size(big));
        assertThat(middle.requests() + middle.unparsed()).isEqualTo(16_384);
        assertThat(middle.unparsed()).isEqualTo(1);
        assertThat(seen.get(2).fileShare()).isEqualTo(1.0);
        assertThat(new ReadProgress("x", 1, 1, 0, 0, 0, 0, true).fileShare()).isEqualTo(1.0);
        assertThat(new ReadProgress("x", 1, 1, 25, 100, 0, 0, false).fileShare())
                .isEqualTo(0.25);
    }

    @Test
    @DisplayName("DG10: each file's summary counts its own requests and unparsed lines; a repeated line is counted")
    void eachFileCountsItsOwnRequestsAndDuplicates() throws Exception {
        String repeated = DiagnoseServiceTest.line("1.1.1.1", "10:00:00", "/a", 200);
        Path a = write("a.log", repeated + repeated + "garbage\n");
        Path b = write("b.log", DiagnoseServiceTest.line("2.2.2.2", "10:00:01", "/b", 200));
        Diagnosis d = diagnose(a, b);
        assertThat(d.evidence().files())
                .extracting(FileSummary::requests, FileSummary::unparsed)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(2L, 1L), org.assertj.core.groups.Tuple.tuple(1L, 0L));
        assertThat(d.evidence().duplicateLines()).isEqualTo(1);
    }

    @Test
    @DisplayName("DG10: a time stepping back by more than a second is a clock step; exactly one second back, or the"
            + " same second, is not")
    void aClockStepIsMoreThanOneSecondBack() throws Exception {
        Path same = write(
                "same.log",
                DiagnoseServiceTest.line("1.1.1.1", "10:00:02", "/a", 200)
                        + DiagnoseServiceTest.line("1.1.1.1", "10:00:02", "/b", 200));
        Path oneBack = write(
                "one.log",
                DiagnoseServiceTest.line("1.1.1.1", "10:00:02", "/a", 200)
                        + DiagnoseServiceTest.line("1.1.1.1", "10:00:01", "/b", 200));
        Path twoBack = write(
                "two.log",
                DiagnoseServiceTest.line("1.1.1.1", "10:00:02", "/a", 200)
                        + DiagnoseServiceTest.line("1.1.1.1", "10:00:00", "/b", 200));
        assertThat(diagnose(same).evidence().clockStepsBack()).isZero();
        assertThat(diagnose(oneBack).evidence().clockStepsBack()).isZero();
        assertThat(diagnose(twoBack).evidence().clockStepsBack()).isEqualTo(1);
    }

    @Test
    @DisplayName("DG10: twenty examples of unparsed lines are kept and all are counted; an example is cut after 300"
            + " characters, not at 300")
    void examplesAreKeptUpToTwentyAndCutAfterThreeHundredCharacters() throws Exception {
        StringBuilder text = new StringBuilder();
        text.append("x".repeat(300)).append('\n');
        text.append("y".repeat(301)).append('\n');
        for (int n = 0; n < 19; n++) {
            text.append("bad ").append(n).append('\n');
        }
        text.append(DiagnoseServiceTest.line("1.1.1.1", "10:00:00", "/a", 200));
        Diagnosis d = diagnose(write("bad.log", text.toString()));
        assertThat(d.evidence().unparsed()).isEqualTo(21);
        assertThat(d.evidence().examples()).hasSize(DiagnoseService.UNPARSED_EXAMPLES);
        assertThat(d.evidence().examples().get(0).text()).isEqualTo("x".repeat(300));
        assertThat(d.evidence().examples().get(1).text()).isEqualTo("y".repeat(300) + "…");
    }

    @Test
    @DisplayName("DG10: a gzip file that breaks off in its first bytes counts no request and one unparsed line")
    void aGzipBrokenInItsHeadCountsNothingButTheBreak() throws Exception {
        Path whole = dir.resolve("whole.log.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(whole))) {
            out.write(DiagnoseServiceTest.line("1.1.1.1", "10:00:00", "/a", 200).getBytes(StandardCharsets.UTF_8));
        }
        Path cut = Files.write(dir.resolve("cut.log.gz"), Arrays.copyOf(Files.readAllBytes(whole), 12));
        Diagnosis d = diagnose(cut, write("good.log", DiagnoseServiceTest.line("1.1.1.1", "10:00:01", "/b", 200)));
        FileSummary broken = d.evidence().files().get(0);
        assertThat(broken.requests()).isZero();
        assertThat(broken.unparsed()).isEqualTo(1);
        assertThat(broken.error()).contains("breaks off");
        assertThat(d.requests()).isEqualTo(1);

        Preview preview = service.preview(DiagnoseRequest.of(List.of(cut)), 5);
        assertThat(preview.problem()).contains("breaks off");
        assertThat(preview.lines()).isEmpty();
    }

    @Test
    @DisplayName("DG10: a gzip file that breaks off after many lines keeps its requests and counts the break as one"
            + " more unparsed line")
    void aGzipBrokenLaterKeepsItsRequests() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int n = 0; n < 5_000; n++) {
            text.append(DiagnoseServiceTest.line("1.1.1.1", "10:00:00", "/a" + n, 200));
        }
        Path whole = dir.resolve("whole.log.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(whole))) {
            out.write(text.toString().getBytes(StandardCharsets.UTF_8));
        }
        byte[] bytes = Files.readAllBytes(whole);
        Path cut = Files.write(dir.resolve("cut.log.gz"), Arrays.copyOf(bytes, bytes.length / 2));
        Diagnosis d = diagnose(cut);
        FileSummary broken = d.evidence().files().get(0);
        assertThat(broken.requests()).isEqualTo(d.requests()).isPositive();
        assertThat(broken.unparsed()).isEqualTo(1);
    }

    @Test
    @DisplayName("DG10: an Apache log none of whose lines match says the log format matched none; JSON lines and a"
            + " HAR without any readable request say no request could be read; a HAR with no entries has no error")
    void aFileWithoutRequestsSaysWhyInItsFormatsWords() throws Exception {
        Path apache = write("apache.log", "one\ntwo\n");
        FileSummary apacheSummary = diagnose(request(InputFormat.APACHE, null, null, apache))
                .evidence()
                .files()
                .get(0);
        assertThat(apacheSummary.error()).contains("matched none of the 2 lines");

        Path jsonl = write("gw.jsonl", "{\"t\":\"not a time\",\"s\":200,\"u\":\"/a\"}\n");
        FileSummary jsonlSummary = diagnose(request(InputFormat.JSONL, null, "time=t,status=s,uri=u", jsonl))
                .evidence()
                .files()
                .get(0);
        assertThat(jsonlSummary.error()).startsWith("no request could be read (line 1:");

        Path emptyHar = write("none.har", HarEntryReaderTest.har());
        FileSummary harSummary = diagnose(request(InputFormat.HAR, null, null, emptyHar))
                .evidence()
                .files()
                .get(0);
        assertThat(harSummary.requests()).isZero();
        assertThat(harSummary.unparsed()).isZero();
        assertThat(harSummary.error()).isNull();

        Path blank = write("blank.log", "\n\n\n" + "x".repeat(20) + "\n");
        Path onlyBlank = write("only-blank.log", "\n\n\n");
        assertThat(diagnose(request(InputFormat.NGINX, null, null, onlyBlank))
                        .evidence()
                        .files()
                        .get(0)
                        .error())
                .isNull();
        assertThat(diagnose(request(InputFormat.NGINX, null, null, blank))
                        .evidence()
                        .files()
                        .get(0)
                        .error())
                .contains("matched not its one line");
    }

    @Test
    @DisplayName("DG2: JSON lines without a mapping are refused per file with the presets named; Kong and relay"
            + " records are recognised by their keys, and one key of a preset alone is not enough")
    void presetsAreRecognisedByBothOfTheirKeys() throws Exception {
        Path kong = write(
                "kong.jsonl",
                "{\"started_at\":1764583200000,\"client_ip\":\"10.0.0.1\","
                        + "\"request\":{\"method\":\"GET\",\"uri\":\"/v1/models\"},\"response\":{\"status\":429,"
                        + "\"headers\":{\"retry-after\":\"2\"}},\"latencies\":{\"request\":15}}\n");
        Path relay = write(
                "relay.jsonl",
                "{\"sequence\":0,\"at\":\"2026-12-01T10:00:00Z\",\"principal\":\"alice\",\"endpoint\":\"/v1/models\","
                        + "\"outcome\":\"QUOTA\",\"status\":429,\"latency_ms\":0.4}\n");
        Path halfKong = write("half-kong.jsonl", "{\"started_at\":1764583200000,\"status\":200}\n");
        Path halfRelay = write("half-relay.jsonl", "{\"principal\":\"alice\",\"status\":200}\n");
        assertThat(diagnose(kong).clients())
                .extracting(Diagnosis.ClientDiagnosis::client)
                .containsExactly("10.0.0.1");
        assertThat(diagnose(relay).clients())
                .extracting(Diagnosis.ClientDiagnosis::client)
                .containsExactly("alice");
        for (Path half : List.of(halfKong, halfRelay)) {
            Diagnosis d = diagnose(half);
            assertThat(d.requests()).isZero();
            assertThat(d.evidence().files().get(0).unparsed()).isEqualTo(1);
            assertThat(d.evidence().unparsed()).isEqualTo(1);
            assertThat(d.evidence().examples()).hasSize(1);
            assertThat(d.evidence().files().get(0).error())
                    .startsWith("JSON lines need a field mapping")
                    .contains("stormwatch-relay");
        }
    }

    @Test
    @DisplayName("DG11: a client key whose name looks secret is shown only as its short hash, for JSON lines (the"
            + " mapped client field) and access logs (--client-key)")
    void aSecretClientKeyIsHashedInEveryReader() throws Exception {
        Path jsonl =
                write("gw.jsonl", "{\"t\":\"2026-12-01T10:00:00.000Z\",\"s\":200,\"u\":\"/a\",\"api_key\":\"abc\"}\n");
        Diagnosis gateway = diagnose(request(InputFormat.JSONL, null, "time=t,status=s,uri=u,client=api_key", jsonl));
        assertThat(gateway.clients())
                .extracting(Diagnosis.ClientDiagnosis::client)
                .containsExactly("key:" + ClientLabels.shortHash("abc"));

        Path log = write("auth.log", "1.1.1.1 - - [01/Dec/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 200 0 \"abc\"\n");
        DiagnoseRequest byHeader = new DiagnoseRequest(
                List.of(log),
                InputFormat.NGINX,
                "$remote_addr - - [$time_local] \"$request\" $status $body_bytes_sent \"$http_authorization\"",
                null,
                "http_authorization",
                DiagnosisOptions.DEFAULTS);
        assertThat(diagnose(byHeader).clients())
                .extracting(Diagnosis.ClientDiagnosis::client)
                .containsExactly("key:" + ClientLabels.shortHash("abc"));
    }

    @Test
    @DisplayName("DG11: a HAR read with a secret request header as its client key shows the client only as its short"
            + " hash")
    void aSecretHarHeaderIsHashed() throws Exception {
        String entry = HarEntryReaderTest.entry("2026-12-01T10:00:00.000Z", "https://a/x", 200, null)
                .replaceFirst("\"headers\":\\[\\]", "\"headers\":[{\"name\":\"X-Api-Key\",\"value\":\"abc\"}]");
        Path har = write("alice.har", HarEntryReaderTest.har(entry));
        DiagnoseRequest byHeader =
                new DiagnoseRequest(List.of(har), InputFormat.HAR, null, null, "x-api-key", DiagnosisOptions.DEFAULTS);
        assertThat(diagnose(byHeader).clients())
                .extracting(Diagnosis.ClientDiagnosis::client)
                .containsExactly("key:" + ClientLabels.shortHash("abc"));
    }

    @Test
    @DisplayName("DG11: a trace read with a secret span attribute as its client key shows the client only as its short"
            + " hash")
    void aSecretTraceAttributeIsHashed() throws Exception {
        String span = OtlpTraceReaderTest.span(3, 1_764_583_200_000L, 20, "GET", "https://a/x", "200", null);
        String withKey = span.substring(0, span.length() - 2)
                + ",{\"key\":\"tenant.api_key\",\"value\":{\"stringValue\":\"abc\"}}]}";
        Path trace = write("trace.json", OtlpTraceReaderTest.export("checkout", withKey));
        DiagnoseRequest byAttribute = new DiagnoseRequest(
                List.of(trace), InputFormat.OTLP, null, null, "tenant.api_key", DiagnosisOptions.DEFAULTS);
        assertThat(diagnose(byAttribute).clients())
                .extracting(Diagnosis.ClientDiagnosis::client)
                .containsExactly("key:" + ClientLabels.shortHash("abc"));
    }

    @Test
    @DisplayName("DG2: one HAR is one client named after its file; a name that is only an extension is kept whole")
    void aHarNamedOnlyByItsExtensionKeepsItsName() throws Exception {
        Path har = write(
                ".har",
                HarEntryReaderTest.har(HarEntryReaderTest.entry("2026-12-01T10:00:00.000Z", "https://a/x", 200, null)));
        assertThat(diagnose(request(InputFormat.HAR, null, null, har)).clients())
                .extracting(Diagnosis.ClientDiagnosis::client)
                .containsExactly(".har");
    }

    @Test
    @DisplayName("DG2: a log format written with % directives and no $ variable is Apache's, even in auto; one"
            + " starting with $ is nginx's even with a literal %")
    void theDialectIsTakenFromTheFormatText() throws Exception {
        Path apache = write("apache.log", DiagnoseServiceTest.line("1.1.1.1", "10:00:00", "/a", 200));
        assertThat(diagnose(request(
                                InputFormat.AUTO,
                                "%h %l %u %t \"%r\" %>s %b \"%{Referer}i\" \"%{User-Agent}i\"",
                                null,
                                apache))
                        .requests())
                .isEqualTo(1);
        Path nginx = write("nginx.log", "1.1.1.1 [01/Dec/2026:10:00:00 +0000] \"GET /a HTTP/1.1\" 200 100%\n");
        assertThat(diagnose(request(
                                InputFormat.AUTO, "$remote_addr [$time_local] \"$request\" $status 100%", null, nginx))
                        .requests())
                .isEqualTo(1);
    }

    @Test
    @DisplayName("DG17: a load report found by auto is a lab run with its own figures, a figure it lacks said so;"
            + " a report without the client series and a file that is no report say what was expected")
    void aLoadReportIsALabRunAndABadOneSaysWhy() throws Exception {
        Path lab = dir.resolve("lab.json");
        JsonReportWriter.write(SampleReports.storm(), lab);
        LoadReport written = JsonReportReader.read(lab);
        Diagnosis d = diagnose(lab);
        assertThat(d.requests()).isZero();
        assertThat(d.evidence().files().get(0).format()).isEqualTo("report");
        assertThat(d.evidence().files().get(0).error()).isNull();
        LabRun run = d.evidence().labRuns().get(0);
        assertThat(run.requests())
                .isEqualTo(
                        written.seriesNamed("client per second").orElseThrow().total(Counter.ATTEMPTS))
                .isPositive();
        assertThat(run.amplification()).isEqualTo(1.35);
        assertThat(run.amplificationAbsent()).isNull();
        assertThat(run.peakToMeanAbsent()).isEqualTo("not in the report");
        assertThat(run.completed()).isTrue();

        LoadReport storm = SampleReports.storm();
        Path noSeries = dir.resolve("no-series.json");
        JsonReportWriter.write(
                SampleReports.stormWithSeries(List.of(new NamedSeries(
                        "server per second", storm.series().get(0).series()))),
                noSeries);
        Diagnosis withoutSeries = diagnose(noSeries);
        FileSummary missing = withoutSeries.evidence().files().get(0);
        assertThat(missing.unparsed()).isEqualTo(1);
        assertThat(withoutSeries.evidence().unparsed()).isEqualTo(1);
        assertThat(withoutSeries.evidence().labRuns()).isEmpty();
        assertThat(missing.error()).contains("expected the series 'client per second'");

        Path notReport = write("not.json", "{\"format\": \"something else\"}\n");
        Diagnosis notALabRun = diagnose(request(InputFormat.REPORT, null, null, notReport));
        FileSummary bad = notALabRun.evidence().files().get(0);
        assertThat(notALabRun.evidence().unparsed()).isEqualTo(1);
        assertThat(bad.error()).startsWith("expected a Stormwatch load report");

        Preview preview = service.preview(DiagnoseRequest.of(List.of(lab)), 3);
        assertThat(preview.format()).isEqualTo("report");
        assertThat(preview.problem()).contains("lab run");
    }

    @Test
    @DisplayName("DG21: a preview of one line shows one line; unparsed text is cut after 300 characters, not at"
            + " 300; parsed() counts the lines that parsed")
    void aPreviewOfOneLineAndItsCounts() throws Exception {
        Path log = write(
                "p.log",
                DiagnoseServiceTest.line("1.1.1.1", "10:00:00", "/a", 200) + "z".repeat(300) + "\n" + "w".repeat(301)
                        + "\n" + DiagnoseServiceTest.line("1.1.1.1", "10:00:01", "/b", 200));
        Preview one = service.preview(DiagnoseRequest.of(List.of(log)), 1);
        assertThat(one.lines()).hasSize(1);
        assertThat(one.parsed()).isEqualTo(1);
        Preview four = service.preview(DiagnoseRequest.of(List.of(log)), 4);
        assertThat(four.parsed()).isEqualTo(2);
        assertThat(four.lines().get(1).text()).isEqualTo("z".repeat(300));
        assertThat(four.lines().get(2).text()).isEqualTo("w".repeat(300) + "…");
        assertThatThrownBy(() -> service.preview(DiagnoseRequest.of(List.of(log)), 0))
                .isInstanceOf(DiagnoseException.BadOption.class);
    }

    @Test
    @DisplayName("DG10: a file that does not exist is refused naming the file as given")
    void aMissingFileIsNamed() {
        Path missing = dir.resolve("missing.log");
        assertThatThrownBy(() -> diagnose(missing))
                .isInstanceOfSatisfying(
                        DiagnoseException.Unreadable.class,
                        e -> assertThat(e.file()).isEqualTo(missing.toString()));
    }
}
