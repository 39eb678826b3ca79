package dev.stormwatch.load.engine;

import static dev.stormwatch.load.engine.ComparisonCells.cell;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.RedisChoice;
import dev.stormwatch.load.report.ComparisonTable;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.simulation.BackoffStrategy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * LB18, LB19: the 3 AM storm's comparisons tell their story at a glance, on the whole engine on simulated time
 * (decision 0039), one seed, judged by ratios of what each run recorded and by the comparison table's own rows.
 */
class StormComparisonStoryTest {

    private static final long SEED = 7;
    private static final Scenario STORM = ScenarioPresets.THREE_AM_STORM;

    @Test
    @DisplayName("LB18: the storm's clients start over its ramp, and from the reset on no backoff earns more 429s than"
            + " full jitter, as over the whole run")
    void theStormsClientsStartStaggeredAndTheTableCountsFromTheReset() throws Exception {
        LoadReport jittered = run(LoadOptions.builder().jitter(BackoffStrategy.FULL));
        LoadReport bunched = run(LoadOptions.builder().jitter(BackoffStrategy.NONE));

        for (LoadReport report : List.of(jittered, bunched)) {
            TimeSeries client = report.seriesNamed("client per second").orElseThrow();
            // A fleet coming up over 2 s, not 64 requests in the first instant.
            assertThat(client.buckets().get(0).count(Counter.ATTEMPTS))
                    .as("attempts in the first second, of %d clients started over %s", STORM.clients(), STORM.ramp())
                    .isLessThan(STORM.clients() / 2);
            // Their start no longer meets the quota as one burst: nothing is refused while the fleet comes up.
            long startUp = 0;
            for (int i = 0; i <= STORM.ramp().toSeconds(); i++) {
                startUp += client.buckets().get(i).count(Counter.STATUS_429);
            }
            assertThat(startUp).as("429s while the clients start").isZero();
        }
        List<List<String>> rows = ComparisonTable.rows(List.of(
                new ComparisonTable.Run("full jitter", jittered, STORM),
                new ComparisonTable.Run("no backoff", bunched, STORM)));
        assertThat(rows.get(1).get(0))
                .as("the story from the fault on comes right under the whole run's amplification")
                .isEqualTo(ComparisonTable.FROM_FAULT_429);
        long jitteredFromReset = number(rows, ComparisonTable.FROM_FAULT_429, 1);
        long bunchedFromReset = number(rows, ComparisonTable.FROM_FAULT_429, 2);
        assertThat(bunchedFromReset)
                .as(
                        "429s from the reset on: no backoff (%d) against full jitter (%d)",
                        bunchedFromReset, jitteredFromReset)
                .isGreaterThan(jitteredFromReset);
        assertThat(jitteredFromReset)
                .as("the reset's 429s show in the full jitter run too")
                .isPositive();
        // The whole run tells the same story: what came before the reset adds alike to both.
        assertThat(number(rows, "429 answers", 2)).isGreaterThan(number(rows, "429 answers", 1));
        assertThat(number(rows, ComparisonTable.FROM_FAULT_RETRIES, 1)).isPositive();
        assertThat(Double.parseDouble(cell(rows, ComparisonTable.FROM_FAULT_AMPLIFICATION, 1)))
                .as("attempts per request from the reset on, above the whole run's")
                .isGreaterThan(Double.parseDouble(cell(rows, "retry amplification (attempts per request)", 1)));
        assertThat(cell(rows, ComparisonTable.FROM_FAULT_PEAK, 1)).isNotEqualTo("n/a");
        assertThat(cell(rows, ComparisonTable.FROM_FAULT_RECOVERY, 1)).isNotEqualTo("n/a");
    }

    @Test
    @DisplayName("LB19: three processes with a local limiter each at the quota overflow the provider; one shared"
            + " limiter keeps the fleet under it")
    void localLimitersPerProcessOverflowTheQuotaWhileASharedOneHoldsIt() throws Exception {
        int processes = 3;
        LoadReport shared = run(processes(processes).redis(new RedisChoice.Embedded()));
        LoadReport local = run(processes(processes).redis(new RedisChoice.LocalOnly()));

        TimeSeries sharedProvider = shared.seriesNamed("provider per second").orElseThrow();
        TimeSeries localProvider = local.seriesNamed("provider per second").orElseThrow();
        // Shared: the fleet is held under the quota in every second the relay counted.
        for (int i = 0; i < sharedProvider.buckets().size(); i++) {
            assertThat(sharedProvider.buckets().get(i).count(Counter.ATTEMPTS))
                    .as("arrivals in second %d with one shared limiter", i)
                    .isLessThanOrEqualTo(ScenarioPresets.STORM_QUOTA_PER_SECOND);
        }
        // Local: each process's limiter allows the whole quota, so together they send well over it.
        double ratio = (double) localProvider.total(Counter.ATTEMPTS) / sharedProvider.total(Counter.ATTEMPTS);
        assertThat(ratio)
                .as(
                        "arrivals with a local limiter per process (%d) / with one shared limiter (%d)",
                        localProvider.total(Counter.ATTEMPTS), sharedProvider.total(Counter.ATTEMPTS))
                .isGreaterThan(1.5);
        long shared429 = sharedProvider.total(Counter.STATUS_429);
        long local429 = localProvider.total(Counter.STATUS_429);
        assertThat(local429)
                .as("429s: local limiters (%d) against one shared limiter (%d)", local429, shared429)
                .isGreaterThan(10 * (shared429 + 1));
        // The shared limiter said no where the provider would have: refusals on the client, not 429s on the wire.
        TimeSeries sharedClient = shared.seriesNamed("client per second").orElseThrow();
        assertThat(sharedClient.total(Counter.LIMITER_REFUSED)).isGreaterThan(local429);
    }

    /** LB19: K processes, each a fleet of the storm's clients, each behind the sliding log at the storm's quota. */
    private static LoadOptions.Builder processes(int processes) {
        return LoadOptions.builder()
                .limiter(LimiterChoice.SLIDING_LOG)
                .instances(processes)
                .clients(STORM.clients() * processes);
    }

    private static LoadReport run(LoadOptions.Builder options) throws Exception {
        SimulatedTime time = new SimulatedTime(Instant.parse("2026-12-01T03:00:00.300Z"));
        LoadReport report = SimulatedEngine.on(time, EngineSettings.defaults().withDrain(Duration.ofSeconds(2)))
                .run(
                        options.scenario(STORM)
                                .duration(Duration.ofSeconds(20))
                                .seed(SEED)
                                .build(),
                        line -> {});
        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        return report;
    }

    private static long number(List<List<String>> rows, String label, int column) {
        return Long.parseLong(cell(rows, label, column));
    }
}
