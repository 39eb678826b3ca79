package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.limit.EmbeddedRedis;
import dev.stormwatch.load.engine.EngineSettings;
import dev.stormwatch.load.engine.LoadEngine;
import dev.stormwatch.load.engine.SimulatedEngine;
import dev.stormwatch.load.report.JsonReportReader;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

@WaitsBesideOtherTests
class LoadCommandTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(Map<String, String> environment, String... args) {
        return run(false, environment, args);
    }

    private int run(boolean terminal, Map<String, String> environment, String... args) {
        return run(terminal, environment, Optional.empty(), args);
    }

    private int run(
            boolean terminal,
            Map<String, String> environment,
            Optional<Function<EngineSettings, LoadEngine>> engines,
            String... args) {
        CommandLine cli = StormwatchCommand.newCommandLine();
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        LoadCommand load = (LoadCommand) cli.getSubcommands().get("load").getCommand();
        load.environment(environment::get);
        load.terminal(terminal);
        engines.ifPresent(load::engines);
        return cli.execute(args);
    }

    private int run(String... args) {
        return run(Map.of(), args);
    }

    /**
     * Runs on simulated time with the relay in process (decision 0039), for a test about what is printed, not about
     * waiting: a plain log's progress is held back by real time, so those tests keep the real engine.
     */
    private static Function<EngineSettings, LoadEngine> simulated() {
        return SimulatedEngine.perRun(Instant.parse("2026-12-01T03:00:00.300Z"));
    }

    @DisplayName(
            "end to end: a 2 s run against the embedded relay prints progress and the summary, and writes a JSON report that parses back")
    @Test
    void aShortRunWritesAReportThatParsesBack(@TempDir Path dir) throws Exception {
        Path json = dir.resolve("out.json");
        int exit = run(
                "load",
                "--target",
                "embedded",
                "--clients",
                "50",
                "--rate",
                "40",
                "--duration",
                "2s",
                "--jitter",
                "full",
                "--limiter",
                "sliding-log",
                "--redis",
                "local",
                "--instances",
                "2",
                "--scenario",
                "steady",
                "--seed",
                "9",
                "--report",
                json.toString());

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains(
                        "Running: ",
                        "50 clients",
                        "open loop at 40.0/s",
                        "limiter sliding-log",
                        "2 instance(s)",
                        "Steady load \u2014 completed",
                        "retry amplification (attempts per request)",
                        "report written:");
        assertThat(out.toString())
                .as("the paths as a person reads them, not a Java list")
                .contains("\n  " + json.toAbsolutePath() + System.lineSeparator())
                .contains("  " + dir.resolve("out.csv").toAbsolutePath() + System.lineSeparator())
                .doesNotContain("[" + json.toAbsolutePath());
        assertThat(err.toString()).contains("requests ").doesNotContain("Exception");
        LoadReport report = JsonReportReader.read(json);
        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        assertThat(report.seedIfFixed()).contains(9L);
        // The open loop issues 80 arrivals in 2 s; on a busy machine some find all 50 clients busy and wait for one
        // (CO2), and those still waiting at the end are never sent (the report notes them): fewer, never more.
        assertThat(report.seriesNamed("client per second").orElseThrow().total(Counter.LOGICAL_REQUESTS))
                .isBetween(40L, 90L);
        assertThat(report.seriesNamed("provider per second").orElseThrow().total(Counter.STATUS_2XX))
                .isPositive();
        assertThat(dir.resolve("out.csv")).exists();
        assertThat(dir.resolve("out.png")).exists();
    }

    @DisplayName("not on a terminal (CI, a log file) progress is plain lines, one per second, without carriage returns")
    @Test
    void progressInALogIsPlainLines() {
        int exit = run(false, Map.of(), "load", "--clients", "5", "--rate", "5", "--duration", "3s", "--seed", "1");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(err.toString()).doesNotContain("\r");
        assertThat(err.toString().lines().filter(line -> line.startsWith("[")).count())
                .isBetween(2L, 4L);
    }

    @DisplayName("on a terminal progress is one line rewritten in place")
    @Test
    void progressOnATerminalIsRewrittenInPlace() {
        int exit = run(
                true,
                Map.of(),
                Optional.of(simulated()),
                "load",
                "--clients",
                "5",
                "--rate",
                "5",
                "--duration",
                "2s",
                "--seed",
                "1");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(err.toString()).contains("\r[   1s/2s] requests ");
        // Split on line feeds only: String.lines() would also split on the carriage returns.
        assertThat(java.util.Arrays.stream(err.toString().split("\n"))
                        .filter(line -> line.contains("] requests "))
                        .count())
                .as("every update on the same line")
                .isEqualTo(1);
    }

    @Test
    void nonsenseOptionsAreListedAllAtOnceAndNothingRuns() {
        int exit = run("load", "--rate", "-3", "--duration", "0", "--scenario", "hurricane");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .contains("--rate must be a positive number of requests per second")
                .contains("--duration must be longer than zero")
                .contains("unknown --scenario 'hurricane'; known: steady, 3am-storm")
                .doesNotContain("Exception");
        assertThat(out.toString()).isEmpty();
    }

    @DisplayName("LB6: --compare runs twice on one seed, changing one setting, and prints both side by side")
    @Test
    void compareRunsTwiceOnOneSeedAndPrintsBothSideBySide() {
        int exit = run("load", "--duration", "2s", "--clients", "10", "--seed", "5", "--compare", "jitter=none");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("Running (jitter full)")
                .contains("Running (jitter none)")
                .contains("Side by side, seed 5:")
                .containsPattern("jitter full\\s+jitter none")
                .containsPattern("successes \\(2xx\\)\\s+[1-9][0-9]*\\s+[1-9][0-9]*")
                .contains("jitter none: ");
    }

    @DisplayName("LB19: --compare redis=local runs K processes (--instances, at least 3) of --clients each, behind the"
            + " sliding log when no limiter is chosen, and says so; the local limiters overflow the quota")
    @Test
    void compareRedisRunsKProcessesAsTheLoadLabDoes() {
        int exit = run(
                false,
                Map.of(),
                Optional.of(simulated()),
                "load",
                "--scenario",
                "3am-storm",
                "--duration",
                "20s",
                "--seed",
                "7",
                "--compare",
                "redis=local");

        assertThat(exit).as(err.toString()).isZero();
        String printed = out.toString();
        assertThat(printed)
                .contains("Each run is 3 processes of 64 clients each, each behind sliding-log (LB19: K = --instances,"
                        + " at least 3, each with --clients).")
                .containsPattern("Running \\(redis embedded.*192 clients.*limiter sliding-log.*3 instance")
                .containsPattern("Running \\(redis local.*192 clients.*limiter sliding-log.*3 instance");
        java.util.regex.Matcher row = java.util.regex.Pattern.compile("\\n429 answers\\s+(\\d+)\\s+(\\d+)")
                .matcher(printed);
        assertThat(row.find()).as("the 429 row in:%n%s", printed).isTrue();
        long shared = Long.parseLong(row.group(1));
        long local = Long.parseLong(row.group(2));
        // LB19: each local limiter allows the whole quota, so three processes send about three times it.
        assertThat(local)
                .as("429s with a local limiter per process (%d) against one shared limiter (%d)", local, shared)
                .isGreaterThan(10 * (shared + 1));
    }

    @DisplayName("LB19: --compare redis=... with more clients in its K processes than a run takes is refused before"
            + " anything runs, saying how many --clients each may have")
    @Test
    void compareRedisRefusesAFleetOverTheMostARunTakes() {
        int exit = run("load", "--clients", "40000", "--instances", "2", "--compare", "redis=local");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .contains("--clients is 40000 for each of 3 processes (--instances, at least 3): 120000 clients, more"
                        + " than the 100000 a run takes; give --clients at most 33333");
        assertThat(out.toString()).isEmpty();
    }

    @DisplayName("LB6: a setting --compare cannot change is refused before anything runs")
    @Test
    void compareRefusesASettingItCannotChange() {
        int exit = run("load", "--compare", "colour=blue");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .contains("--compare takes one setting and its value for the second run:"
                        + " jitter=none, limiter=gcra or redis=local; was 'colour=blue'");
        assertThat(out.toString()).isEmpty();
    }

    @DisplayName("LB3: a preset's too-short --duration is refused before the run, naming the option and what to type")
    @Test
    void aPresetsTooShortDurationIsRefusedInTheOptionsWords() {
        int exit = run("load", "--scenario", "3am-storm", "--duration", "15s");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .contains("--duration is too short for the 3 AM storm: 15 s, and it needs at least"
                        + " 20 s to show what it is for; type 20 s or more (its own length is 30 s)");
        assertThat(out.toString()).as("nothing ran").isEmpty();
    }

    @DisplayName(
            "--session-file without --oauth-session is a usage error naming both, not a run sent without the session")
    @Test
    void aSessionFileWithoutOAuthSessionIsRefused(@TempDir Path dir) {
        int exit = run(
                "load",
                "--duration",
                "1s",
                "--session-file",
                dir.resolve("session.json").toString());

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .contains("--session-file says where --oauth-session finds the session, but"
                        + " --oauth-session is not given")
                .doesNotContain("Exception");
        assertThat(out.toString()).as("nothing ran").isEmpty();
    }

    @DisplayName("a remote target without --rate is refused before anything is sent")
    @Test
    void aRemoteTargetWithoutARateCapIsRefused() {
        int exit = run("load", "--target", "https://gateway.example.com/v1");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString()).contains("is not on this machine: give --rate");
    }

    // RC6
    @DisplayName(
            "RC6: the API key comes from the environment and is printed nowhere, also when the target is unreachable (a partial run)")
    @Test
    void theApiKeyComesFromTheEnvironmentAndIsNeverPrinted() {
        int closedPort = EmbeddedRedis.freeLoopbackPort();
        int exit = run(
                Map.of("GATEWAY_KEY", "sk-live-abcdef0123456789"),
                "load",
                "--target",
                "http://127.0.0.1:" + closedPort + "/v1",
                "--rate",
                "2",
                "--duration",
                "20s",
                "--api-key-env",
                "GATEWAY_KEY");

        assertThat(exit).isEqualTo(LoadCommand.PARTIAL_RUN);
        assertThat(out.toString()).contains("credential API key [redacted]", "partial: target unreachable");
        assertThat(err.toString())
                .contains("the run stopped early: target unreachable")
                .doesNotContain("Exception");
        assertThat(out + err.toString()).doesNotContain("sk-live-abcdef0123456789");
    }

    @DisplayName("An API key over plain http to a remote host is refused unless --allow-insecure-credentials")
    @Test
    void aCredentialOverPlainHttpToARemoteHostIsRefused() {
        int exit = run(
                Map.of("GATEWAY_KEY", "sk-live-abcdef0123456789"),
                "load",
                "--target",
                "http://gateway.example.com/v1",
                "--rate",
                "2",
                "--api-key-env",
                "GATEWAY_KEY");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .contains("is plain http off this machine")
                .contains("--allow-insecure-credentials")
                .doesNotContain("sk-live-abcdef0123456789");
    }

    @Test
    void aMissingApiKeyVariableIsNamed() {
        int exit = run("load", "--target", "https://gateway.example.com/v1", "--rate", "2", "--api-key-env", "NOPE");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString()).contains("the environment variable NOPE named by --api-key-env is not set");
    }

    @Test
    void aBadThinkTimeIsNamed() {
        int exit = run("load", "--think-time", "a while");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString()).contains("--think-time 'a while' is not a duration: write 90 (seconds)");
    }

    @Test
    void aNumberThatIsNotANumberIsAPicocliUsageError() {
        int exit = run("load", "--clients", "many");

        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("--clients").doesNotContain("at dev.stormwatch");
    }

    @DisplayName(
            "L10: --metrics-port says where Prometheus scrapes the run; a port out of range is refused in its words")
    @Test
    void metricsPortPrintsTheScrapeAddressAndRefusesABadPort() {
        int exit =
                run("load", "--clients", "5", "--rate", "5", "--duration", "1s", "--seed", "1", "--metrics-port", "0");
        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString()).containsPattern("Metrics for Prometheus: http://127\\.0\\.0\\.1:\\d+/metrics");

        assertThat(run("load", "--duration", "1s", "--metrics-port", "-1")).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .contains("--metrics-port -1: a port is a whole number from 0 to 65535")
                .doesNotContain("\tat ");
    }

    @Test
    @DisplayName("L10: while a run with --metrics-port goes on, its address serves the run's own meters: the relay's"
            + " answers and the upstream latency, counted as the run sends")
    void theMetricsAddressServesTheRunsMeters() throws Exception {
        java.util.concurrent.CompletableFuture<Integer> exit =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> run(
                        "load",
                        "--clients",
                        "5",
                        "--rate",
                        "20",
                        "--duration",
                        "4s",
                        "--seed",
                        "1",
                        "--metrics-port",
                        "0"));
        java.util.regex.Pattern address = java.util.regex.Pattern.compile("Metrics for Prometheus: (\\S+)");
        java.util.regex.Matcher found = address.matcher("");
        long until = System.nanoTime() + java.util.concurrent.TimeUnit.SECONDS.toNanos(30);
        while (!found.reset(out.toString()).find() && System.nanoTime() < until) {
            Thread.sleep(20);
        }
        assertThat(found.find(0)).as(out.toString()).isTrue();
        Thread.sleep(1_500); // a person opens the address a moment after the run started
        String scraped = java.net.http.HttpClient.newHttpClient()
                .send(
                        java.net.http.HttpRequest.newBuilder(java.net.URI.create(found.group(1)))
                                .build(),
                        java.net.http.HttpResponse.BodyHandlers.ofString())
                .body();

        assertThat(exit.get(60, java.util.concurrent.TimeUnit.SECONDS))
                .as(err.toString())
                .isZero();
        assertThat(scraped.lines())
                .anyMatch(l -> l.startsWith("stormwatch_relay_requests_total{") && !l.endsWith(" 0.0"))
                .anyMatch(l -> l.startsWith("stormwatch_upstream_latency_seconds_count{"));
    }

    @Test
    @DisplayName("Written to a log (no terminal), a run's progress is plain lines, never one rewritten in place")
    void aLogGetsPlainProgress() {
        StringWriter plainOut = new StringWriter();
        StringWriter plainErr = new StringWriter();

        int exit = InProcessCli.runCommand(
                plainOut, plainErr, "load", "--clients", "2", "--rate", "2", "--duration", "1s", "--seed", "1");

        assertThat(exit).as(plainErr.toString()).isZero();
        assertThat(plainErr.toString()).doesNotContain("\r");
    }

    @Test
    @DisplayName("LB6, RB1: a comparison whose second run loses its Redis prints both runs and the table, says which"
            + " run stopped early and why, and exits 69 as a partial run does")
    void aComparisonWithAPartialRunSaysWhich() throws Exception {
        int closed;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0)) {
            closed = socket.getLocalPort();
        }

        int exit = run(
                "load",
                "--duration",
                "2s",
                "--clients",
                "5",
                "--seed",
                "1",
                "--compare",
                "redis=redis://127.0.0.1:" + closed);

        assertThat(exit).as(out + "" + err).isEqualTo(LoadCommand.PARTIAL_RUN);
        assertThat(out.toString()).contains("Side by side, seed 1:");
        assertThat(err.toString().lines().filter(l -> l.contains("stopped early")))
                .singleElement()
                .asString()
                .startsWith("stormwatch load: the run (redis redis://127.0.0.1:" + closed + ") stopped early: ");
    }
}
