package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.scenario.TimedFault;
import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * The "3 AM storm" preset end to end: the relay resets every connection at t = 10 s and the clients retry. The whole
 * preset runs on simulated time ({@link SimulatedEngine}: 20 s in well under a second); the same story, the reset
 * sooner, runs once on real sockets and real time.
 */
class StormScenarioTest {

    private static LoadOptions storm(Scenario scenario, Duration length) throws Exception {
        return LoadOptions.builder()
                .clients(100)
                .rate(100)
                .duration(length)
                .scenario(scenario)
                .seed(21)
                .build();
    }

    /** The preset's reset at {@code at} instead of t = 10 s. */
    private static Scenario resetAt(Duration at) {
        Scenario preset = ScenarioPresets.THREE_AM_STORM;
        return new Scenario(
                preset.name(),
                preset.title(),
                preset.description(),
                List.of(new TimedFault(at, new RelayFault.ResetConnections())),
                at.plusSeconds(2));
    }

    /** What the storm shows: network errors in the reset's second only, each retried, no budget spent. */
    private static void assertTheResetIsRetried(LoadReport report, int resetSecond) {
        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        TimeSeries client = report.seriesNamed("client per second").orElseThrow();
        Bucket storm = client.buckets().get(resetSecond);
        assertThat(storm.count(Counter.NETWORK_ERRORS))
                .as("connections reset at t = %d s", resetSecond)
                .isPositive();
        long before = client.buckets().subList(0, resetSecond).stream()
                .mapToLong(b -> b.count(Counter.NETWORK_ERRORS))
                .sum();
        assertThat(before).as("no network error before the storm").isZero();
        assertThat(client.total(Counter.RETRIES)).isGreaterThanOrEqualTo(client.total(Counter.NETWORK_ERRORS));
        assertThat(client.total(Counter.EXHAUSTED_BUDGETS)).isZero();
        assertThat(client.total(Counter.STATUS_2XX)).isEqualTo(client.total(Counter.LOGICAL_REQUESTS));
        assertThat(report.seriesNamed("client per 100 ms, from t = " + (resetSecond - 2) + " s"))
                .isPresent();
    }

    @Test
    @DisplayName("ST2, B3: the reset at t = 10 s shows as network errors in that second, each retried, none exhausted")
    void theStormsResetIsRetried() throws Exception {
        SimulatedTime time = new SimulatedTime(Instant.parse("2026-12-01T03:00:00.300Z"));

        LoadReport report = SimulatedEngine.on(time, EngineSettings.defaults().withDrain(Duration.ofSeconds(2)))
                .run(storm(ScenarioPresets.THREE_AM_STORM, Duration.ofSeconds(20)), line -> {});

        assertTheResetIsRetried(report, 10);
    }

    @Test
    @Tag("slow")
    @DisplayName("ST2, B3: on real sockets and real time, a reset at t = 3 s shows as network errors in that second,"
            + " each retried, none exhausted")
    void theStormsResetIsRetriedOnRealSockets() throws Exception {
        LoadReport report = new LoadEngine(EngineSettings.defaults().withDrain(Duration.ofSeconds(2)))
                .run(storm(resetAt(Duration.ofSeconds(3)), Duration.ofSeconds(6)), line -> {});

        assertTheResetIsRetried(report, 3);
    }
}
