package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.report.JsonReportReader;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import java.io.StringWriter;
import java.net.InetAddress;
import java.nio.file.Path;
import java.util.stream.Stream;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** {@code stormwatch load}'s options for the retry policy, the retry quota and the limiter's limit. */
class LoadCommandClientOptionsTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return InProcessCli.run(out, err, args);
    }

    static Stream<Arguments> badValues() {
        return Stream.of(
                Arguments.of(
                        new String[] {"--policy", "eager"},
                        "unknown --policy 'eager'; known: batch, interactive, default, conservative, patient"),
                Arguments.of(
                        new String[] {"--max-attempts", "0"},
                        "--max-attempts 0 is refused: Invalid retry policy: maxAttemptsPerOrigin must be at least 1"),
                Arguments.of(
                        new String[] {"--max-attempts", "11"},
                        "maxAttemptsPerOrigin must be at most 10, was 11. Change that setting; nothing was clamped (C2)"),
                Arguments.of(new String[] {"--max-attempts", "three"}, "--max-attempts must be a whole number"),
                Arguments.of(
                        new String[] {"--budget", "11m"},
                        "--budget 11m is refused: Invalid retry policy: totalBudget must be at most"),
                Arguments.of(new String[] {"--budget", "-5s"}, "totalBudget must be positive"),
                Arguments.of(new String[] {"--budget", "soon"}, "--budget 'soon' is not a duration"),
                Arguments.of(
                        new String[] {"--retry-quota", "maybe"}, "--retry-quota must be 'on' or 'off', was 'maybe'"),
                Arguments.of(
                        new String[] {"--limit", "100", "--limiter", "sliding-log"},
                        "--limit must look like 100/1s (requests per window), was '100'"),
                Arguments.of(
                        new String[] {"--limit", "0/1s", "--limiter", "sliding-log"},
                        "--limit 0/1s is refused: limit must be at least 1 request per window"),
                Arguments.of(
                        new String[] {"--limit", "100/1s"}, "--limit sets the limiter's limit, but --limiter is off"));
    }

    // C2
    @DisplayName(
            "C2: every bad value is a usage error (exit 2) naming the option and the rule; nothing runs, no stack trace")
    @ParameterizedTest(name = "{0}")
    @MethodSource("badValues")
    void badValuesAreUsageErrors(String[] options, String message) {
        String[] args = Stream.concat(Stream.of("load", "--duration", "1s"), Stream.of(options))
                .toArray(String[]::new);

        int exit = run(args);

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .contains("stormwatch load: the options make no sense yet:", message)
                .doesNotContain("Exception", "\tat ");
        assertThat(out.toString()).as("nothing ran").isEmpty();
    }

    @Test
    @DisplayName("bad client options are listed together with the other bad options")
    void listedWithTheOtherProblems() {
        int exit = run("load", "--rate", "-3", "--max-attempts", "11", "--retry-quota", "sometimes");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .contains(
                        "--rate must be a positive number",
                        "--max-attempts 11 is refused",
                        "--retry-quota must be 'on' or 'off'");
    }

    // B1, C2
    @Test
    @DisplayName(
            "B1, C2: --max-attempts 1 reaches the engine: against a provider that always answers 503 no call is retried; the report echoes it and --retry-quota on")
    void maxAttemptsOneMeansNoRetries(@TempDir Path dir) throws Exception {
        try (MockWebServer provider = new MockWebServer()) {
            provider.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    return new MockResponse().setResponseCode(503);
                }
            });
            provider.start(InetAddress.getLoopbackAddress(), 0);
            Path json = dir.resolve("out.json");

            int exit = run(
                    "load",
                    "--target",
                    provider.url("/v1").toString(),
                    "--clients",
                    "2",
                    "--duration",
                    "1s",
                    "--max-attempts",
                    "1",
                    "--retry-quota",
                    "on",
                    "--jitter",
                    "none",
                    "--seed",
                    "5",
                    "--report",
                    json.toString());

            assertThat(exit).as(err.toString()).isZero();
            LoadReport report = JsonReportReader.read(json);
            assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
            TimeSeries client = report.seriesNamed("client per second").orElseThrow();
            long answered = client.total(Counter.STATUS_5XX);
            assertThat(answered).as("503s the clients counted").isGreaterThan(10);
            assertThat(client.total(Counter.RETRIES))
                    .as("retries with one attempt per call")
                    .isZero();
            // Every call gave up after its one 503 (but a call or two cut off by the end of the run).
            assertThat(client.total(Counter.EXHAUSTED_BUDGETS)).isBetween(answered - 2, answered);
            assertThat(provider.getRequestCount()).isGreaterThanOrEqualTo((int) answered);
            assertThat(report.run())
                    .contains(
                            "policy custom (1 attempt(s) per origin, 1 in all",
                            "retry quota on (500 tokens per instance, 5 per retry, 1 back per success)");
            assertThat(out.toString())
                    .contains(
                            "Running: ",
                            "1 attempt(s) per origin",
                            "retry quota on",
                            "Note: jitter 'none' is for comparison only; the client's default is full jitter (B4)");
        }
    }

    // RH11
    @Test
    @DisplayName(
            "RH11: --adaptive reaches the run: against a provider that answers 429, the clients are paced and the run says so")
    void adaptiveReachesTheRun() throws Exception {
        try (MockWebServer provider = new MockWebServer()) {
            provider.setDispatcher(new Dispatcher() {
                @Override
                public MockResponse dispatch(RecordedRequest request) {
                    return new MockResponse().setResponseCode(429);
                }
            });
            provider.start(InetAddress.getLoopbackAddress(), 0);

            int exit = run(
                    "load",
                    "--target",
                    provider.url("/v1").toString(),
                    "--clients",
                    "2",
                    "--duration",
                    "1s",
                    "--max-attempts",
                    "1",
                    "--adaptive",
                    "--seed",
                    "5");

            assertThat(exit).as(err.toString()).isZero();
            assertThat(out.toString()).contains("Running: ", ", adaptive pacing");
            // after the first 429 the bucket fills at one send every 2 s: a handful of requests, not hundreds
            assertThat(provider.getRequestCount()).isBetween(1, 6);
        }
    }
}
