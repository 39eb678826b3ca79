package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.engine.SimulatedEngine;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * {@code stormwatch load}'s options refused before anything runs, each in its own words and all at once, and the
 * report that cannot be written; runs go on simulated time (decision 0039).
 */
class LoadCommandEdgesTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(Map<String, String> environment, String... args) {
        return run(false, environment, args);
    }

    private int run(boolean terminal, Map<String, String> environment, String... args) {
        CommandLine cli = InProcessCli.withLoad(out, err, environment, load -> {
            load.engines(SimulatedEngine.perRun(Instant.parse("2026-12-02T03:00:00.300Z")));
            load.terminal(terminal);
        });
        String[] full = new String[args.length + 1];
        full[0] = "load";
        System.arraycopy(args, 0, full, 1, args.length);
        return cli.execute(full);
    }

    private int run(String... args) {
        return run(Map.of(), args);
    }

    private void assertNothingRan(int exit) {
        assertThat(exit).as(err.toString()).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .startsWith("stormwatch load: the options make no sense yet:")
                .contains("Run 'stormwatch load --help' for every option.")
                .doesNotContain("\tat ");
        assertThat(out.toString()).as("nothing ran").isEmpty();
    }

    @Test
    @DisplayName("RB1, RB2: a failure mode and an outage limit that are wrong are both listed, each in its option's"
            + " words")
    void theRedisFailureOptionsAreRefusedTogether() {
        int exit = run("--limiter", "sliding-log", "--redis-failure-mode", "maybe", "--redis-outage-limit", "soon");

        assertNothingRan(exit);
        assertThat(err.toString())
                .contains("  - --redis-failure-mode must be closed, open or local, was 'maybe'")
                .contains("  - --redis-outage-limit 'soon' is not a duration");
    }

    @Test
    @DisplayName("RB2: an outage limit over ten minutes is refused in the option's words")
    void anOutageLimitOverTenMinutesIsRefused() {
        int exit = run("--limiter", "sliding-log", "--redis-outage-limit", "11m");

        assertNothingRan(exit);
        assertThat(err.toString()).contains("--redis-outage-limit must be more than 0 and at most 10m");
    }

    @Test
    @DisplayName("HD3: an external Redis's password file that cannot be read is named before the run, and an"
            + " external Redis without a password runs on as given")
    void anExternalRedisPasswordThatCannotBeReadIsNamed(@TempDir Path dir) {
        Path missing = dir.resolve("missing");

        int exit = run(
                "--limiter",
                "sliding-log",
                "--redis",
                "REDIS://127.0.0.1:1",
                "--redis-password-file",
                missing.toString());

        assertNothingRan(exit);
        assertThat(err.toString()).contains("--redis-password-file " + missing + " cannot be read");
    }

    @Test
    @DisplayName("HD3: the variable's password for an external Redis that is no password is named by the variable,"
            + " never printed")
    void aVariableThatIsNoPasswordIsNamed() {
        int exit = run(
                Map.of(RedisPasswordSource.VARIABLE, "two words"),
                "--limiter",
                "sliding-log",
                "--redis",
                "rediss://127.0.0.1:1");

        assertNothingRan(exit);
        assertThat(err.toString())
                .contains(RedisPasswordSource.VARIABLE + ": a Redis password must be non-blank")
                .doesNotContain("two words");
    }

    @Test
    @DisplayName("an API key and an OAuth session together are refused: the run has one credential")
    void anApiKeyAndASessionTogetherAreRefused() {
        int exit = run(Map.of("KEY", "sk-abc"), "--api-key-env", "KEY", "--oauth-session");

        assertNothingRan(exit);
        assertThat(err.toString()).contains("give either --api-key-env or --oauth-session, not both");
    }

    @Test
    @DisplayName("PX5: a target the environment's proxy would carry is refused with the variable that names it, for"
            + " https and for http")
    void aTargetBehindTheEnvironmentsProxyIsRefused() {
        Map<String, String> env =
                Map.of("HTTPS_PROXY", "http://proxy.example:3128", "HTTP_PROXY", "http://proxy.example:3128");

        int https = run(env, "--target", "https://api.example/v1", "--rate", "5");
        String httpsErr = err.toString();
        err.getBuffer().setLength(0);
        int http = run(env, "--target", "http://api.example/v1", "--rate", "5");

        assertThat(https).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(httpsErr)
                .contains("--target api.example would go through the proxy proxy.example:3128 (HTTPS_PROXY), but a"
                        + " load run sends on its own event-loop transport");
        assertThat(http).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString()).contains("(HTTP_PROXY)");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    @DisplayName("PX1: a proxy variable that is no proxy URL is named when the target is remote; NO_PROXY lets the"
            + " target go direct")
    void aBrokenProxyVariableIsNamedAndNoProxyGoesDirect() {
        int broken = run(Map.of("HTTPS_PROXY", "ftp://nowhere"), "--target", "https://api.example/v1", "--rate", "5");
        String brokenErr = err.toString();
        err.getBuffer().setLength(0);
        int direct = run(
                Map.of("HTTPS_PROXY", "http://proxy.example:3128", "NO_PROXY", "api.example"),
                "--target",
                "https://api.example/v1",
                "--rate",
                "5",
                "--think-time",
                "never");

        assertThat(broken).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(brokenErr).contains("HTTPS_PROXY");
        assertThat(direct).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString()).doesNotContain("would go through the proxy").contains("--think-time 'never'");
    }

    @Test
    @DisplayName("LB6: a --compare without a value, and one whose second run makes no sense, are refused naming the"
            + " comparison")
    void aComparisonThatMakesNoSenseIsRefused() {
        int noValue = run("--compare", "jitter");
        int emptyValue = run("--compare", "jitter=");
        int badTwin = run("--compare", "jitter=sideways");

        assertThat(noValue).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(emptyValue).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(badTwin).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .contains("--compare takes one setting and its value for the second run: jitter=none, limiter=gcra or"
                        + " redis=local; was 'jitter'")
                .contains("was 'jitter='")
                .contains("--compare jitter=sideways: ");
        assertThat(out.toString()).isEmpty();
    }

    @Test
    @DisplayName("LB6: --compare limiter=gcra labels each run by its limiter and prints both side by side on one seed")
    void aLimiterComparisonLabelsEachRun() {
        int exit = run("--duration", "2s", "--clients", "5", "--seed", "9", "--compare", "limiter=gcra");

        assertThat(exit).as(err.toString()).isZero();
        assertThat(out.toString())
                .contains("Running (limiter off): ")
                .contains("Running (limiter gcra): ")
                .contains("Side by side, seed 9:");
    }

    @Test
    @DisplayName("a report that cannot be written ends the run with exit 74 and names the file")
    void aReportThatCannotBeWrittenIsNamed(@TempDir Path dir) throws Exception {
        Path notADirectory = Files.writeString(dir.resolve("file"), "x");
        Path report = notADirectory.resolve("out.json");

        int exit = run("--duration", "2s", "--clients", "5", "--seed", "1", "--report", report.toString());

        assertThat(exit).isEqualTo(LoadCommand.REPORT_NOT_WRITTEN);
        assertThat(out.toString()).contains("report written:");
        assertThat(err.toString())
                .contains("stormwatch load: could not write the report to " + report)
                .contains("; check that the directory is writable");
    }

    @Test
    @DisplayName("LB6: a --compare without --seed runs both on one seed, the one it names, each summary followed by a"
            + " blank line")
    void aComparisonWithoutASeedRunsBothOnOne() {
        int exit = run("--duration", "2s", "--clients", "5", "--compare", "jitter=none");

        assertThat(exit).as(err.toString()).isZero();
        java.util.regex.Matcher seed =
                java.util.regex.Pattern.compile("Side by side, seed (-?\\d+):").matcher(out.toString());
        assertThat(seed.find()).as(out.toString()).isTrue();
        List<String> lines = out.toString().lines().toList();
        int second = lines.indexOf(lines.stream()
                .filter(l -> l.startsWith("Running (jitter none): "))
                .findFirst()
                .orElseThrow());
        assertThat(lines.get(second - 1))
                .as("a blank line after the first run's summary")
                .isEmpty();
        assertThat(lines.get(second - 2)).isNotEmpty();
    }

    @Test
    @DisplayName("On a terminal the progress line is ended once the run is over, for a run and for each run of a"
            + " comparison, so the summary starts on a line of its own")
    void onATerminalTheProgressLineIsEnded() {
        assertThat(run(true, Map.of(), "--duration", "2s", "--clients", "5", "--seed", "1"))
                .as(err.toString())
                .isZero();
        assertThat(err.toString()).contains("\r").endsWith("\n");

        err.getBuffer().setLength(0);
        assertThat(run(true, Map.of(), "--duration", "2s", "--clients", "5", "--seed", "1", "--compare", "jitter=none"))
                .as(err.toString())
                .isZero();
        assertThat(err.toString().split("\n", -1))
                .as("each run's progress ends its own line")
                .hasSize(3);
    }

    @Test
    @DisplayName("PX5, HD5: a credential refused before the run is no credential at all: with a remote target, only"
            + " its own problem is said")
    void aRefusedCredentialIsNone() {
        String remote = "http://api.example.com";

        assertNothingRan(run(
                Map.of("KEY", "k"), "--target", remote, "--api-key-env", "KEY", "--oauth-session", "--duration", "2s"));
        assertThat(err.toString()).contains("give either --api-key-env or --oauth-session, not both");
        err.getBuffer().setLength(0);
        assertNothingRan(run("--target", remote, "--session-file", "session.json", "--duration", "2s"));
        assertThat(err.toString()).contains("--session-file says where --oauth-session finds the session");
        err.getBuffer().setLength(0);
        assertNothingRan(run("--target", remote, "--api-key-env", "UNSET_KEY", "--duration", "2s"));
        assertThat(err.toString())
                .contains("the environment variable UNSET_KEY named by --api-key-env is not set")
                .doesNotContain("unencrypted");
    }
}
