package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.report.JsonReportWriter;
import dev.stormwatch.load.report.SampleReports;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * {@code stormwatch diagnose}'s own words around the analysis: the text report line by line, the preview's exit
 * code and its problem line, the bounds of its options, and a report that cannot be written.
 */
class DiagnoseCommandEdgesTest {

    private static final String FORMAT = "$msec \"$request\" $status \"$sent_http_retry_after\" \"$http_x_client_id\"";
    private static final String LONG_CLIENT = "a-client-with-a-very-long-name-indeed";

    @TempDir
    Path dir;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
        return InProcessCli.runCommand(out, err, "diagnose", args);
    }

    /** One client that retries 10 ms after each 429 with Retry-After 1, and one that waits. */
    private Path storm() throws Exception {
        StringBuilder log = new StringBuilder();
        double t = 1_764_583_200.0;
        for (int n = 0; n < 4; n++) {
            log.append(line(t + n * 0.01, "/v1/x", 429, "1", LONG_CLIENT));
        }
        log.append(line(t + 0.04, "/v1/x", 200, "-", LONG_CLIENT));
        log.append(line(t, "/v1/y", 429, "1", "patient"));
        log.append(line(t + 1.2, "/v1/y", 200, "-", "patient"));
        return Files.writeString(dir.resolve("access.log"), log.toString());
    }

    private static String line(double at, String path, int status, String retryAfter, String client) {
        return String.format(
                Locale.ROOT, "%.3f \"GET %s HTTP/1.1\" %d \"%s\" \"%s\"%n", at, path, status, retryAfter, client);
    }

    private String[] withLog(Path log, String... more) {
        List<String> args = new java.util.ArrayList<>(List.of(more));
        args.addAll(List.of("--log-format", FORMAT, "--client-key", "$http_x_client_id", log.toString()));
        return args.toArray(String[]::new);
    }

    @Test
    @DisplayName("DG3, DG5, DG6: the text report: the verdict, the span with its counts, the client table (a long"
            + " name cut to its column, the retry share in percent) and the findings, each under its heading")
    void theTextReportLineByLine() throws Exception {
        assertThat(run(withLog(storm()))).as(err.toString()).isZero();

        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).startsWith("Verdict: 1 of 2 clients ignored Retry-After");
        assertThat(lines.get(1)).isEmpty();
        assertThat(lines.get(2))
                .isEqualTo("7 requests, 2 logical requests, amplification 3.50×, from 2025-12-01T10:00:00Z to"
                        + " 2025-12-01T10:00:01.200Z");
        assertThat(lines.get(3)).isEqualTo("Status: 200: 2, 429: 5");
        assertThat(lines.get(4)).isEqualTo("Attempts per logical request: 2: 1, 5: 1");
        assertThat(lines.get(5)).isEmpty();
        assertThat(lines.get(6)).startsWith("client  ").endsWith("retry%");
        assertThat(lines.get(7))
                .startsWith("a-client-with-a-very-long-n… ")
                .contains(" YES ")
                .endsWith(" 80%");
        assertThat(lines.get(8)).startsWith("patient ").contains(" no ").endsWith(" 50%");
        assertThat(lines.get(9)).isEmpty();
        assertThat(lines.get(10)).isEqualTo("Findings:");
        assertThat(lines.get(11)).startsWith("  DG3 [" + LONG_CLIENT + "] ignores Retry-After");
        assertThat(lines).noneMatch(l -> l.startsWith("Lab runs beside"));
        assertThat(err.toString())
                .as("not a terminal: progress in plain lines, none rewritten in place")
                .doesNotContain("did not parse")
                .doesNotContain("\r");
    }

    @Test
    @DisplayName("DG10: evidence without a request prints its verdict and no span, and exits 1")
    void evidenceWithoutARequest() throws Exception {
        Path har = Files.writeString(dir.resolve("empty.har"), "{\"log\":{\"version\":\"1.2\",\"entries\":[]}}");

        assertThat(run("--format", "har", har.toString())).isEqualTo(1);

        assertThat(out.toString()).startsWith("Verdict: ").doesNotContain("logical requests, amplification");
        assertThat(out.toString()).doesNotContain("Lab runs beside");
    }

    @Test
    @DisplayName("DG21: a preview in which no line parses exits 1 and says why on stderr; a parsed line shows its"
            + " fields, not a reason")
    void aPreviewWithoutAParsedLine() throws Exception {
        Path log = Files.writeString(dir.resolve("noise.log"), "garbage\nmore garbage\n");

        assertThat(run(withLog(log, "--preview", "5"))).isEqualTo(1);
        assertThat(out.toString()).contains("the first 2 lines, 0 parsed").contains("did not parse: expected");
        Path binary = Files.write(dir.resolve("binary.log"), new byte[] {0, 1, 2, 0, 'x', 0});
        assertThat(run(withLog(binary, "--preview", "5"))).isEqualTo(1);
        assertThat(err.toString()).startsWith(binary + ": ");

        assertThat(run(withLog(storm(), "--preview", "1"))).isZero();
        List<String> lines = out.toString().lines().toList();
        assertThat(lines).hasSize(3);
        assertThat(lines.get(2))
                .matches("\\s+1  2025-12-01T10:00:00Z\\s+a-client-with-a-very-long-name-indeed\\s+GET\\s+/v1/x\\s+429"
                        + "  1");
        assertThat(err.toString()).isEmpty();
    }

    @ParameterizedTest(name = "{0} {1}: exit {2}")
    @CsvSource({
        "--throttle-status, 99, 2",
        "--throttle-status, 100, 0",
        "--throttle-status, 599, 0",
        "--throttle-status, 600, 2",
        "--throttled, 99, 2",
        "--throttled, 100, 0",
        "--throttled, 599, 0",
        "--throttled, 600, 2",
        "--throttled, 1000, 2",
        "--throttled, =RL, 2",
        "--throttled, response_flags=RL, 0",
        "--quota, 0, 2",
        "--quota, 1, 0",
        "--tolerance, 0, 0",
        "--tolerance, -1s, 2",
    })
    @DisplayName("DG9, DG14: a status is 100 to 599, a quota at least 1 per second, a tolerance not negative; each"
            + " refusal names its option")
    void theOptionsBounds(String option, String value, int exit) throws Exception {
        Path log = storm();

        assertThat(run(withLog(log, option, value))).as(err.toString()).isEqualTo(exit);
        if (exit == 2) {
            assertThat(err.toString()).contains(option);
        }
    }

    @Test
    @DisplayName("A report that cannot be written is said, naming the file, and the command exits 1 after printing"
            + " its figures")
    void aReportThatCannotBeWritten() throws Exception {
        Path log = storm();
        Path nowhere = dir.resolve("missing-folder");

        assertThat(run(withLog(log, "--report", nowhere.resolve("r.json").toString())))
                .isEqualTo(1);
        assertThat(out.toString()).startsWith("Verdict: ");
        assertThat(err.toString()).contains("could not write the report " + nowhere.resolve("r.json"));

        assertThat(run(withLog(log, "--html", nowhere.resolve("r.html").toString())))
                .isEqualTo(1);
        assertThat(err.toString()).contains("could not write the report " + nowhere.resolve("r.html"));
    }

    @Test
    @DisplayName("A client name as wide as its column (28 characters) is shown whole; one character more is cut")
    void aNameAsWideAsItsColumnIsWhole() throws Exception {
        String exactly = "c".repeat(28);
        String wider = "w".repeat(29);
        Path log = Files.writeString(
                dir.resolve("two.log"),
                line(1_764_583_200.0, "/a", 200, "-", exactly) + line(1_764_583_200.5, "/b", 200, "-", wider));

        assertThat(run(withLog(log))).as(err.toString()).isZero();

        assertThat(out.toString().lines()).anyMatch(l -> l.startsWith(exactly + " "));
        assertThat(out.toString().lines()).anyMatch(l -> l.startsWith("w".repeat(27) + "… "));
    }

    @Test
    @DisplayName("DG10: a log longer than the reader's check interval (16,384 lines) is read to its end: the command"
            + " line never cancels a reading")
    void aLongLogIsReadToItsEnd() throws Exception {
        StringBuilder text = new StringBuilder();
        for (int n = 0; n < 20_000; n++) {
            text.append(line(1_764_583_200.0 + n * 0.001, "/v1/x", 200, "-", "c" + (n % 7)));
        }
        Path log = Files.writeString(dir.resolve("long.log"), text.toString());

        assertThat(run(withLog(log))).as(err.toString()).isZero();

        assertThat(out.toString()).contains("20,000 requests, 20,000 logical requests");
    }

    @Test
    @DisplayName("DG17: beside the evidence a load report is a lab run in text: a blank line, the table with the"
            + " evidence's row and the report's (its own amplification and arrivals per second), then a line naming"
            + " the run, its title and start")
    void aLabRunBesideTheEvidenceInText() throws Exception {
        Path lab = dir.resolve("lab.json");
        JsonReportWriter.write(SampleReports.storm(), lab);

        assertThat(run(withLog(storm(), lab.toString()))).as(err.toString()).isZero();

        List<String> lines = out.toString().lines().toList();
        int heading = lines.indexOf("Lab runs beside the evidence (Stormwatch load reports, not evidence):");
        assertThat(heading).isPositive();
        assertThat(lines.get(heading - 1)).isEmpty();
        assertThat(lines.get(heading + 1)).startsWith("input ").endsWith("arrivals per second");
        assertThat(lines.get(heading + 2)).matches("evidence +real storm +7 +5 +3\\.50× +\\S+×  6 1");
        assertThat(lines.get(heading + 3))
                .matches("lab\\.json +lab run +1,350 +0 +1\\.35× +5\\.93×  (50 ){10}400( 50){9}");
        assertThat(lines.get(heading + 4)).isEqualTo("  lab run " + lab + ": 3 AM storm, started 2026-11-30T03:00:00Z");
        assertThat(lines).hasSize(heading + 5);
    }

    @Test
    @DisplayName("DG12, DG17: evidence over more than 600 s counts its arrivals in wider buckets, said before them,"
            + " and a row shows its first 30 counts")
    void aLongSpanInWiderBuckets() throws Exception {
        Path lab = dir.resolve("lab.json");
        JsonReportWriter.write(SampleReports.storm(), lab);
        Path log = storm();
        Files.writeString(
                log,
                line(1_764_583_200.0 + 700, "/v1/z", 200, "-", "patient"),
                java.nio.file.StandardOpenOption.APPEND);

        assertThat(run(withLog(log, lab.toString()))).as(err.toString()).isZero();

        assertThat(out.toString().lines().filter(l -> l.startsWith("evidence ")))
                .singleElement()
                .asString()
                .endsWith("  (per 2 s) 7" + " 0".repeat(29) + " …");
    }

    @Test
    @DisplayName("DG17: a load report alone is a lab run in text: its table and line, no verdict and no evidence row,"
            + " exit 0")
    void aLabRunAloneInText() throws Exception {
        Path lab = dir.resolve("lab.json");
        JsonReportWriter.write(SampleReports.storm(), lab);

        assertThat(run(lab.toString())).as(err.toString()).isZero();

        List<String> lines = out.toString().lines().toList();
        assertThat(lines.get(0)).isEqualTo("Lab runs beside the evidence (Stormwatch load reports, not evidence):");
        assertThat(lines.get(2)).startsWith("lab.json ");
        assertThat(lines.get(3)).startsWith("  lab run " + lab + ": 3 AM storm");
        assertThat(lines).hasSize(4);
    }
}
