package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.load.report.JsonReportReader;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.StandardFigures;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

@WaitsBesideOtherTests
class DiagnoseCommandTest {

    private static final String FORMAT = "$msec \"$request\" $status \"$sent_http_retry_after\" \"$http_x_client_id\"";

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return InProcessCli.runCommand(out, err, "diagnose", args);
    }

    private Path storm() throws Exception {
        StringBuilder log = new StringBuilder();
        double t = 1_764_583_200.0;
        for (int n = 0; n < 4; n++) { // "eager" retries 10 ms after each 429 with Retry-After 1
            log.append(String.format(
                    java.util.Locale.ROOT,
                    "%.3f \"GET /v1/x?access_token=SECRET%d HTTP/1.1\" 429" + " \"1\" \"eager\"%n",
                    t + n * 0.01,
                    n % 1));
        }
        log.append(String.format(
                java.util.Locale.ROOT,
                "%.3f \"GET /v1/x?access_token=SECRET0 HTTP/1.1\" 200 \"-\"" + " \"eager\"%n",
                t + 0.04));
        log.append(String.format(java.util.Locale.ROOT, "%.3f \"GET /v1/y HTTP/1.1\" 429 \"1\" \"patient\"%n", t));
        log.append(
                String.format(java.util.Locale.ROOT, "%.3f \"GET /v1/y HTTP/1.1\" 200 \"-\" \"patient\"%n", t + 1.2));
        log.append("garbage Authorization: Bearer SECRETBEARER\n");
        return Files.writeString(dir.resolve("access.log"), log.toString());
    }

    @Test
    @DisplayName("DG10: in a log, diagnose says how far it has read each file in plain lines, and then its figures")
    void aLogSaysHowFarEachFileWasRead() throws Exception {
        CommandLine cli = StormwatchCommand.newCommandLine();
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        DiagnoseCommand diagnose = cli.getSubcommands().get("diagnose").getCommand();
        diagnose.progressOn(false, () -> 0L);

        assertThat(cli.execute("diagnose", "--log-format", FORMAT, storm().toString()))
                .as(err.toString())
                .isZero();

        Path log = dir.resolve("access.log");
        assertThat(err.toString().lines()).first().isEqualTo("reading " + log + " (1/1) 100%: 7 requests, 1 unparsed");
        assertThat(out.toString()).startsWith("Verdict: ");
    }

    @Test
    @DisplayName("DG21: --preview N prints the first N lines as the diagnosis reads them, then stops: no verdict,"
            + " no secret; a line that does not parse shows its reason")
    void previewPrintsTheFirstLinesAndStops() throws Exception {
        Path log = storm();

        int code = run("--preview", "3", "--log-format", FORMAT, "--client-key", "$http_x_client_id", log.toString());

        assertThat(code).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).endsWith("access.log (nginx): the first 3 lines, 3 parsed");
        assertThat(lines).hasSize(5);
        assertThat(lines.get(2)).contains("eager", "GET", "/v1/x?access_token=[redacted]", "429", "1");
        assertThat(out.toString()).doesNotContain("SECRET", "ignored Retry-After");

        out.getBuffer().setLength(0);
        int all = run("--preview", "20", "--log-format", FORMAT, log.toString());
        assertThat(all).as("some lines parsed").isZero();
        assertThat(out.toString())
                .contains("the first 8 lines, 7 parsed")
                .contains("did not parse: expected")
                .doesNotContain("SECRET");

        assertThat(run("--preview", "0", log.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--preview takes how many lines to show, at least 1");
    }

    @Test
    void jsonPrintsExactlyOneObjectWithTheIssuesNames() throws Exception {
        int exit = run(
                "--format",
                "nginx",
                "--log-format",
                FORMAT,
                "--client-key",
                "$http_x_client_id",
                "--json",
                storm().toString());

        assertThat(exit).isZero();
        String stdout = out.toString().strip();
        assertThat(stdout.lines()).hasSize(1);
        JsonNode json = new ObjectMapper().readTree(stdout);
        assertThat(json.fieldNames())
                .toIterable()
                .contains(
                        "requests",
                        "logical_requests",
                        "amplification",
                        "from",
                        "to",
                        "status",
                        "clients",
                        "findings",
                        "partial",
                        "unparsed");
        assertThat(json.get("requests").asLong()).isEqualTo(7);
        assertThat(json.get("logical_requests").asLong()).isEqualTo(2);
        assertThat(json.get("partial").asBoolean()).isTrue();
        assertThat(json.get("unparsed").get("examples").get(0).get("line").asLong())
                .isEqualTo(8);
        JsonNode eager = json.get("clients").get(0);
        assertThat(eager.get("client").asText()).isEqualTo("eager");
        assertThat(eager.get("early_retries").asLong()).isEqualTo(4);
        assertThat(eager.get("ignores_retry_after").asBoolean()).isTrue();
        assertThat(json.get("findings").get(0).get("rule").asText()).isEqualTo("DG3");
    }

    // DG11
    @Test
    void secretsInTheLogReachNeitherStdoutNorStderr() throws Exception {
        run("--log-format", FORMAT, storm().toString());
        run("--log-format", FORMAT, "--json", storm().toString());
        assertThat(out.toString() + err.toString()).doesNotContain("SECRET").contains("Verdict:");
    }

    @Test
    void theVerdictAndTheClientTableGoToStdout() throws Exception {
        int exit = run("--log-format", FORMAT, "--client-key", "$http_x_client_id", storm().toString());
        assertThat(exit).isZero();
        assertThat(out.toString())
                .startsWith("Verdict: 1 of 2 clients ignored Retry-After")
                .contains("client ")
                .contains("eager")
                .contains("YES");
        assertThat(err.toString()).contains("1 line did not parse; first:").contains("line 8");
    }

    @Test
    void aLogFormatThatMatchesNoLineExitsOneSayingWhatWasExpected() throws Exception {
        int exit = run("--format", "nginx", "--log-format", "combined", storm().toString());
        assertThat(exit).isEqualTo(1);
        assertThat(err.toString()).contains("matched none of the 8 lines").contains("line 1");
        assertThat(out.toString()).contains("Nothing to diagnose");
    }

    @Test
    void usageErrorsExitTwo() throws Exception {
        Path log = storm();
        assertThat(run("--format", "xml", log.toString())).isEqualTo(2);
        assertThat(run(dir.resolve("missing.log").toString())).isEqualTo(2);
        assertThat(err.toString()).contains("missing.log");
        assertThat(run("--tolerance", "soon", log.toString())).isEqualTo(2);
        assertThat(run("--format", "jsonl", "--fields", "uri=u", log.toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--fields must map 'time'");
    }

    @Test
    void theReportFileHoldsTheSameJson() throws Exception {
        Path report = dir.resolve("out.json");
        int exit = run("--log-format", FORMAT, "--report", report.toString(), storm().toString());
        assertThat(exit).isZero();
        assertThat(new ObjectMapper().readTree(report.toFile()).get("requests").asLong())
                .isEqualTo(7);
    }

    @Test
    @DisplayName("DG13: --html writes one self-contained page with the findings; --report out.html does the same;"
            + " no secret of the log reaches either")
    void htmlReportsHoldTheFindingsAndNoSecret() throws Exception {
        Path html = dir.resolve("storm.html");
        Path report = dir.resolve("report.html");
        int exit = run(
                "--log-format",
                FORMAT,
                "--client-key",
                "$http_x_client_id",
                "--html",
                html.toString(),
                "--report",
                report.toString(),
                storm().toString());
        assertThat(exit).isZero();
        for (Path page : List.of(html, report)) {
            String text = Files.readString(page);
            assertThat(text)
                    .startsWith("<!DOCTYPE html>")
                    .contains("access.log", "data-rule=\"DG3\"", "eager")
                    .doesNotContain("SECRET");
        }
    }

    @Test
    @DisplayName("DG14 DG15: --json holds a what_if object; --quota replaces the estimate and --seed is kept")
    void jsonHoldsTheWhatIf() throws Exception {
        int exit = run(
                "--log-format",
                FORMAT,
                "--client-key",
                "$http_x_client_id",
                "--json",
                "--seed",
                "7",
                storm().toString());
        assertThat(exit).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString());
        JsonNode whatIf = json.get("what_if");
        assertThat(whatIf.get("ran").asBoolean()).isTrue();
        assertThat(whatIf.get("seed").asLong()).isEqualTo(7);
        assertThat(whatIf.get("logical_requests").asLong())
                .isEqualTo(json.get("logical_requests").asLong());
        assertThat(whatIf.get("server").get("quota_estimated").asBoolean()).isTrue();
        long drawn = 0;
        for (JsonNode v : whatIf.get("arrivals").get("requests")) {
            drawn += v.asLong();
        }
        assertThat(drawn).isEqualTo(whatIf.get("requests").asLong());
        assertThat(json.get("verdict").asText())
                .contains("honouring Retry-After with full jitter would have sent "
                        + whatIf.get("requests").asLong() + " requests instead of "
                        + json.get("requests").asLong());

        out.getBuffer().setLength(0);
        assertThat(run("--log-format", FORMAT, "--json", "--quota", "40", storm().toString()))
                .isZero();
        JsonNode given =
                new ObjectMapper().readTree(out.toString()).get("what_if").get("server");
        assertThat(given.get("quota_per_second").asInt()).isEqualTo(40);
        assertThat(given.get("quota_estimated").asBoolean()).isFalse();
        assertThat(run("--log-format", FORMAT, "--quota", "0", storm().toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--quota is requests per second and must be at least 1, was 0");
    }

    @Test
    @DisplayName("DG16: --throttled takes a status or FIELD=VALUE; Envoy's RL lines are throttled through it and"
            + " through the envoy preset; a value that is neither is a usage error")
    void throttledTakesAStatusOrAFieldAndValue() throws Exception {
        Path envoy = Path.of(getClass()
                .getResource("/diagnose/envoy/local-ratelimit-503.jsonl")
                .toURI());
        assertThat(run("--json", envoy.toString())).isZero();
        assertThat(new ObjectMapper().readTree(out.toString()).get("verdict").asText())
                .contains("5 of 10 requests were throttled");
        out.getBuffer().setLength(0);
        String noMark =
                "time=start_time,duration=duration,client=downstream_remote_address,uri=path," + "status=response_code";
        assertThat(run("--json", "--fields", noMark, "--throttled", "response_flags=RL", envoy.toString()))
                .isZero();
        assertThat(new ObjectMapper().readTree(out.toString()).get("verdict").asText())
                .contains("5 of 10 requests were throttled");
        out.getBuffer().setLength(0);
        assertThat(run("--json", "--fields", noMark, "--throttled", "503", envoy.toString()))
                .isZero();
        assertThat(new ObjectMapper().readTree(out.toString()).get("verdict").asText())
                .contains("6 of 10 requests were throttled");
        assertThat(run("--throttled", "RL", envoy.toString())).isEqualTo(2);
        assertThat(err.toString()).contains("--throttled takes an HTTP status (503) or a field and the value");
        assertThat(run("--throttled", "99", envoy.toString())).isEqualTo(2);
    }

    @Test
    void aReportNamedNeitherJsonNorHtmlIsAUsageError() throws Exception {
        assertThat(run(
                        "--log-format",
                        FORMAT,
                        "--report",
                        dir.resolve("out.txt").toString(),
                        storm().toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--report writes JSON or HTML");
    }

    @TempDir
    static Path labDir;

    /**
     * DG17: a real load report, written by {@code stormwatch load} against the embedded relay answering as nginx's
     * limit_req (429 with Retry-After: 2), for its shortest length (10 s); one run per test JVM.
     */
    private static Path labReport() {
        return InProcessCli.nginxLabReportAt(labDir.resolve("lab.json"));
    }

    @Test
    @Tag("slow")
    @DisplayName("DG17: a load report found by its own marker is shown beside the storm log as a lab run with the"
            + " report's own figures, and nothing of it is counted into the diagnosis")
    void aLoadReportIsALabRunBesideTheEvidence() throws Exception {
        Path lab = labReport();
        LoadReport report = JsonReportReader.read(lab);
        TimeSeries client = report.seriesNamed("client per second").orElseThrow();
        long attempts = client.total(Counter.ATTEMPTS);
        long throttled = client.total(Counter.STATUS_429);
        assertThat(throttled).as("the limiter refused some").isPositive();

        int exit = run(
                "--log-format",
                FORMAT,
                "--client-key",
                "$http_x_client_id",
                "--json",
                storm().toString(),
                lab.toString());

        assertThat(exit).as(err.toString()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.toString().strip());
        assertThat(json.get("requests").asLong()).as("the evidence alone").isEqualTo(7);
        JsonNode run = json.get("lab_runs").get(0);
        assertThat(run.get("kind").asText()).isEqualTo("lab run");
        assertThat(run.get("requests").asLong()).isEqualTo(attempts);
        assertThat(run.get("throttled").asLong()).isEqualTo(throttled);
        long sum = 0;
        for (JsonNode n : run.get("arrivals_per_second")) {
            sum += n.asLong();
        }
        assertThat(sum).isEqualTo(attempts);
        Figure amplification = report.figures().get(StandardFigures.RETRY_AMPLIFICATION);
        assertThat(run.get("amplification").asDouble())
                .isCloseTo(((Figure.Value) amplification).value(), org.assertj.core.data.Offset.offset(0.001));
        assertThat(run.get("peak_to_mean_after_retry_after").isNull()).isTrue();
        assertThat(run.get("peak_to_mean_after_retry_after_absent").asText()).contains("no shared Retry-After");
        JsonNode files = json.get("files");
        assertThat(files.get(1).get("format").asText()).isEqualTo("report");

        out.getBuffer().setLength(0);
        assertThat(run("--log-format", FORMAT, "--client-key", "$http_x_client_id", storm().toString(), lab.toString()))
                .isZero();
        assertThat(out.toString())
                .startsWith("Verdict: ")
                .contains("Lab runs beside the evidence")
                .containsPattern("evidence +real storm +7 ")
                .containsPattern("lab\\.json +lab run +" + String.format(java.util.Locale.ROOT, "%,d", attempts) + " +"
                        + String.format(java.util.Locale.ROOT, "%,d", throttled) + " ");
    }

    @Test
    @Tag("slow")
    @DisplayName("DG17: a load report given alone prints its own figures marked as a lab run, with no verdict, and"
            + " exits 0; --format report says what it expected of a file that is not one")
    void aLoadReportAloneIsMarkedAsALabRun() throws Exception {
        Path lab = labReport();
        long attempts = JsonReportReader.read(lab)
                .seriesNamed("client per second")
                .orElseThrow()
                .total(Counter.ATTEMPTS);

        assertThat(run("--format", "report", lab.toString())).as(err.toString()).isZero();
        assertThat(out.toString())
                .startsWith("Lab runs beside the evidence (Stormwatch load reports, not evidence)")
                .doesNotContain("Verdict:")
                .doesNotContain("real storm")
                .containsPattern("lab run +" + String.format(java.util.Locale.ROOT, "%,d", attempts) + " ");

        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        assertThat(run("--format", "report", storm().toString())).isEqualTo(1);
        assertThat(err.toString())
                .contains("access.log: expected a Stormwatch load report")
                .contains("stormwatch load --report")
                .contains("not a stormwatch-load-report/1 file");
    }

    @Test
    @Tag("slow")
    @DisplayName("DG17 DG13: the HTML report holds the lab run's figures and its arrivals chart beside the real one,"
            + " and still fetches nothing")
    void theHtmlReportDrawsTheLabRunBesideTheRealOne() throws Exception {
        Path lab = labReport();
        Path html = dir.resolve("side.html");
        assertThat(run(
                        "--log-format",
                        FORMAT,
                        "--client-key",
                        "$http_x_client_id",
                        "--report",
                        html.toString(),
                        storm().toString(),
                        lab.toString()))
                .isZero();
        org.jsoup.nodes.Document page = org.jsoup.Jsoup.parse(Files.readString(html));
        assertThat(page.select("table#lab-runs tr")).hasSize(3);
        assertThat(page.select("table#lab-runs td.lab").text()).startsWith("lab run: ");
        assertThat(page.select("#lab-run-charts figure svg")).hasSize(2);
        assertThat(page.select("figure.lab-run svg rect")).isNotEmpty();
        assertThat(page.select("[src], link, script")).isEmpty();
        assertThat(Files.readString(html)).doesNotContain("SECRET");
    }

    private JsonNode json() throws Exception {
        return new ObjectMapper().readTree(out.toString().strip());
    }

    private static String harEntry(String started, int status, String retryAfter) {
        return "{" + (started == null ? "" : "\"startedDateTime\":\"" + started + "\",") + "\"time\":-1,"
                + "\"request\":{\"method\":\"GET\",\"url\":\"https://api.example/v1/x\",\"httpVersion\":\"HTTP/1.1\","
                + "\"headers\":[],\"queryString\":[],\"cookies\":[],\"headersSize\":-1,\"bodySize\":-1},"
                + "\"response\":{\"status\":" + status
                + ",\"statusText\":\"\",\"httpVersion\":\"HTTP/1.1\",\"headers\":["
                + (retryAfter == null ? "" : "{\"name\":\"Retry-After\",\"value\":\"" + retryAfter + "\"}")
                + "],\"cookies\":[],\"content\":{\"size\":0,\"mimeType\":\"\"},\"redirectURL\":\"\",\"headersSize\":-1,"
                + "\"bodySize\":-1},\"cache\":{}}";
    }

    @Test
    @DisplayName("DG10: an unknown --format names the formats it expected; a file in no known format says what was"
            + " expected at its line 1, and the storm beside it is still diagnosed, marked partial")
    void anUnknownFormatSaysWhatWasExpected() throws Exception {
        assertThat(run("--format", "xml", storm().toString())).isEqualTo(2);
        assertThat(err.toString())
                .contains("--format")
                .contains("'xml'")
                .contains("expected one of")
                .contains("HAR")
                .contains("JSONL")
                .contains("REPORT");

        err.getBuffer().setLength(0);
        Path csv = Files.writeString(dir.resolve("table.csv"), "id;when;what\n1;2;3\n");
        assertThat(run(
                        "--log-format",
                        FORMAT,
                        "--client-key",
                        "$http_x_client_id",
                        "--json",
                        csv.toString(),
                        storm().toString()))
                .isZero();
        assertThat(err.toString())
                .contains("table.csv: the log format")
                .contains("matched none of the 2 lines")
                .contains("(line 1: expected");
        JsonNode json = json();
        assertThat(json.get("requests").asLong()).as("the storm log beside it").isEqualTo(7);
        assertThat(json.get("partial").asBoolean()).isTrue();
        assertThat(json.get("files").get(0).get("error").asText()).contains("matched none");
    }

    @Test
    @DisplayName("DG10: a HAR whose browser left out timings (time -1, no timings) is read; an entry without its"
            + " start is named by its entry number and the rest is diagnosed, marked partial")
    void aHarWithoutTimingsIsReadAndTheBrokenEntryNamed() throws Exception {
        Path har = Files.writeString(
                dir.resolve("safari.har"),
                "{\"log\":{\"version\":\"1.2\",\"creator\":{\"name\":"
                        + "\"Safari\",\"version\":\"17\"},\"entries\":[\n"
                        + harEntry("2026-12-01T10:00:00.000Z", 429, "1")
                        + ",\n" + harEntry(null, 200, null) + ",\n" + harEntry("2026-12-01T10:00:00.010Z", 200, null)
                        + "\n]}}\n");
        assertThat(run("--json", har.toString())).as(err.toString()).isZero();
        assertThat(err.toString()).contains("safari.har line 2: entry 2 has no valid startedDateTime (ISO 8601)");
        JsonNode json = json();
        assertThat(json.get("requests").asLong()).isEqualTo(2);
        assertThat(json.get("partial").asBoolean()).isTrue();
        assertThat(json.get("clients").get(0).get("early_retries").asLong()).isEqualTo(1);
    }

    @Test
    @DisplayName("DG10: a JSON line with a missing field is named by its line and the field; an empty file and a"
            + " binary file say what was expected; what parsed is diagnosed, marked partial")
    void aMissingJsonFieldAnEmptyAndABinaryFileAreNamed() throws Exception {
        Path lines = Files.writeString(
                dir.resolve("gw.jsonl"),
                "{\"t\":1764583200.1,\"u\":\"/a\",\"s\":429,\"c\":"
                        + "\"x\"}\n{\"t\":1764583200.2,\"u\":\"/a\",\"c\":\"x\"}\n{\"t\":1764583201.3,\"u\":\"/a\",\"s\":200,"
                        + "\"c\":\"x\"}\n");
        String fields = "time=t,uri=u,status=s,client=c";
        assertThat(run("--fields", fields, "--json", lines.toString())).isZero();
        assertThat(err.toString()).contains("gw.jsonl line 2: ").contains("missing field 's'");
        assertThat(json().get("requests").asLong()).isEqualTo(2);
        assertThat(json().get("partial").asBoolean()).isTrue();

        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        Path empty = Files.writeString(dir.resolve("empty.log"), "");
        byte[] binary = new byte[3000];
        new java.util.Random(7).nextBytes(binary);
        binary[10] = 0;
        Path blob = Files.write(dir.resolve("blob.bin"), binary);
        assertThat(run("--fields", fields, "--json", empty.toString(), blob.toString(), lines.toString()))
                .isZero();
        assertThat(err.toString())
                .contains("empty.log: The file is empty: expected one of the formats --format reads")
                .contains("blob.bin: The file is binary (it holds NUL bytes): expected one of the formats");
        JsonNode json = json();
        assertThat(json.get("requests").asLong()).isEqualTo(2);
        assertThat(json.get("partial").asBoolean()).isTrue();
        assertThat(json.get("unparsed").get("count").asLong()).isEqualTo(3);
    }

    @Test
    @DisplayName("DG18: an empty file and a binary file name every format --format accepts, in its own words, OTLP"
            + " traces and load reports included")
    void anEmptyOrBinaryFileNamesEveryFormatOfTheFormatOption() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.log"), "");
        byte[] binary = new byte[3000];
        new java.util.Random(7).nextBytes(binary);
        binary[10] = 0;
        Path blob = Files.write(dir.resolve("blob.bin"), binary);

        assertThat(run(empty.toString(), blob.toString())).isEqualTo(1);

        List<String> said = err.toString()
                .lines()
                .filter(l -> l.contains("empty.log: The file is empty") || l.contains("blob.bin: The file is binary"))
                .toList();
        assertThat(said).hasSize(2);
        for (String line : said) {
            for (dev.stormwatch.diagnose.InputFormat f : dev.stormwatch.diagnose.InputFormat.values()) {
                if (f != dev.stormwatch.diagnose.InputFormat.AUTO) {
                    assertThat(line).as(f.label()).containsPattern("\\b" + f.label() + " \\(|\\b" + f.label() + " or ");
                }
            }
            assertThat(line).contains("--format", "OTLP/JSON", "Stormwatch load report", "gzip");
        }
    }

    @Test
    @DisplayName("UI27: why an empty, binary or control-byte file cannot be read starts as a sentence, as in the"
            + " Diagnose tab")
    void aFileThatIsNotTextIsSaidAsASentence() throws Exception {
        Path empty = Files.writeString(dir.resolve("empty.log"), "");
        byte[] binary = new byte[3000];
        new java.util.Random(7).nextBytes(binary);
        binary[10] = 0;
        Path blob = Files.write(dir.resolve("blob.bin"), binary);
        byte[] control = new byte[200];
        java.util.Arrays.fill(control, (byte) 0x07);
        Path bells = Files.write(dir.resolve("bells.log"), control);

        assertThat(run(empty.toString(), blob.toString(), bells.toString())).isEqualTo(1);

        for (String name : List.of("empty.log", "blob.bin", "bells.log")) {
            String line = err.toString()
                    .lines()
                    .filter(l -> l.contains(name + ": "))
                    .findFirst()
                    .orElseThrow(() -> new AssertionError(name + " is not named in: " + err));
            String reason = line.substring(line.indexOf(name + ": ") + name.length() + 2);
            assertThat(reason)
                    .as("the reason given for %s", name)
                    .startsWith("The file ")
                    .contains(": expected one of the formats --format reads");
        }
    }
}
