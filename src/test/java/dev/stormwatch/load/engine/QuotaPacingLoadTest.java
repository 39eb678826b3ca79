package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.scenario.TimedFault;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.relay.RateLimitDialect;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Pacing from the provider's remaining/reset headers against Retry-After alone, open loop on the embedded relay
 * (100 per 10 s, 50 clients, 30 arrivals per second), judged by the relay's own record over one complete quota window
 * that starts at least two seconds into the run (the windows are aligned to the epoch, so their phase against the
 * run's start varies; see {@link AdaptivePacingLoadTest}). In the {@code plain} dialect only a 429 says anything; in
 * {@code openai} every answer says what is left, so the client holds its requests until the reset (RH9, RH13). The
 * whole engine runs on simulated time with the relay's pipeline in process ({@link SimulatedEngine}): the 44 s of runs
 * take about a second. {@link QuotaExhaustionScenarioTest} runs the quota preset's fault the same way.
 */
// RH9, RH13
class QuotaPacingLoadTest {

    private static final int CLIENTS = 50;
    private static final int QUOTA = 100;
    /** Not on a quota window's boundary: the run starts 7.7 s into one. */
    private static final Instant START = Instant.parse("2026-12-01T03:00:07.700Z");

    private static Scenario quota() {
        Scenario preset = ScenarioPresets.QUOTA_EXHAUSTION;
        return new Scenario(
                preset.name(),
                preset.title(),
                preset.description(),
                List.of(new TimedFault(Duration.ZERO, new RelayFault.Quota(QUOTA, Duration.ofSeconds(10)))),
                Duration.ofSeconds(12));
    }

    private static LoadReport run(RateLimitDialect dialect) throws Exception {
        EngineSettings settings = EngineSettings.defaults().withDrain(Duration.ofMillis(500));
        LoadOptions options = LoadOptions.builder()
                .clients(CLIENTS)
                .rate(30)
                .duration(Duration.ofSeconds(22))
                .scenario(quota())
                .relayDialect(dialect)
                .seed(17)
                .build();
        LoadReport report =
                SimulatedEngine.on(new SimulatedTime(START), settings).run(options, line -> {});
        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        return report;
    }

    @Test
    @DisplayName(
            "RH13: pacing from remaining/reset earns far fewer 429s than Retry-After alone, at the same goodput or better")
    void pacingKeepsGoodputWithoutThe429s() throws Exception {
        LoadReport plainRun = run(RateLimitDialect.PLAIN);
        LoadReport pacedRun = run(RateLimitDialect.OPENAI);
        TimeSeries plain = AdaptivePacingLoadTest.oneSettledWindow(
                plainRun.seriesNamed("provider per second").orElseThrow());
        TimeSeries paced = AdaptivePacingLoadTest.oneSettledWindow(
                pacedRun.seriesNamed("provider per second").orElseThrow());

        long plain429 = plain.total(Counter.STATUS_429);
        long paced429 = paced.total(Counter.STATUS_429);
        long plain2xx = plain.total(Counter.STATUS_2XX);
        long paced2xx = paced.total(Counter.STATUS_2XX);
        assertThat(plain429).as("429s with Retry-After alone").isGreaterThanOrEqualTo(CLIENTS / 2);
        assertThat(paced429)
                .as("429s with pacing (Retry-After alone: %d)", plain429)
                .isLessThanOrEqualTo(plain429 / 5);
        // The measured window's first bucket starts up to a second before the relay's window does (the buckets count
        // from the run's start, the relay's windows from the epoch), so a run may also count what the window before
        // left unused: the fair bar is Retry-After alone's goodput, but never more than one window's quota.
        assertThat(paced2xx)
                .as("2xx with pacing (Retry-After alone: %d)", plain2xx)
                .isGreaterThanOrEqualTo(Math.min(plain2xx, QUOTA));
        assertThat(pacedRun.seriesNamed("client per second").orElseThrow().total(Counter.PACED_WAITS))
                .as("the paced run says it waited")
                .isPositive();
        assertThat(pacedRun.notes()).anyMatch(note -> note.startsWith("paced: "));
    }
}
