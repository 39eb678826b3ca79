package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.report.StandardFigures;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.simulation.BackoffStrategy;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * LB17: the 3 AM storm preset tells its story on the whole engine against the relay's own pipeline, on simulated time
 * (decision 0039; StormScenarioTest keeps the family's run on real sockets): the same seed with full jitter and with
 * no backoff, judged by ratios of what each run recorded.
 */
class ThreeAmStormStoryTest {

    private static final long SEED = 7;
    private static final Duration STORM = Duration.ofSeconds(10);

    @Test
    @DisplayName("LB17: the storm's retries push past its quota into 429s without backoff, more than with full jitter")
    void withoutJitterTheRetriesBunchUpAndMoreAreRefused() throws Exception {
        LoadReport jittered = run(BackoffStrategy.FULL);
        LoadReport bunched = run(BackoffStrategy.NONE);

        for (LoadReport report : new LoadReport[] {jittered, bunched}) {
            assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
            TimeSeries client = report.seriesNamed("client per second").orElseThrow();
            assertThat(fromStorm(client, Counter.NETWORK_ERRORS))
                    .as("requests in flight failed together at the reset (the model answers in about 500 ms)")
                    .isGreaterThanOrEqualTo(ScenarioPresets.THREE_AM_STORM.clients() / 2);
            // A closed loop at a model API's pace, not 20,000 requests a second: the quota is near the rate.
            double beforePerSecond = perSecondBefore(client, Counter.ATTEMPTS);
            assertThat(beforePerSecond)
                    .as(
                            "attempts per second before the storm, against a quota of %d",
                            ScenarioPresets.STORM_QUOTA_PER_SECOND)
                    .isBetween(
                            ScenarioPresets.STORM_QUOTA_PER_SECOND * 0.4, ScenarioPresets.STORM_QUOTA_PER_SECOND * 1.0);
        }
        long jitteredThrottled = fromStorm(series(jittered), Counter.STATUS_429);
        long bunchedThrottled = fromStorm(series(bunched), Counter.STATUS_429);
        assertThat(bunchedThrottled)
                .as(
                        "429s from the storm on: no backoff (%d) against full jitter (%d)",
                        bunchedThrottled, jitteredThrottled)
                .isGreaterThan(jitteredThrottled);
        assertThat(amplification(bunched))
                .as("attempts per request without backoff, against full jitter")
                .isGreaterThan(amplification(jittered));
        assertThat(peakAfterStorm(bunched))
                .as("the provider's busiest 100 ms in the second of the storm, no backoff against full jitter")
                .isGreaterThan(peakAfterStorm(jittered));
        assertThat(jittered.notes().get(0)).startsWith("In short: ").contains("reset at t = 10 s");
        assertThat(bunched.notes().get(0)).contains("429 from the quota after it");
    }

    private static LoadReport run(BackoffStrategy jitter) throws Exception {
        LoadOptions options = LoadOptions.builder()
                .scenario(ScenarioPresets.THREE_AM_STORM)
                .duration(Duration.ofSeconds(20))
                .jitter(jitter)
                .seed(SEED)
                .build();
        SimulatedTime time = new SimulatedTime(Instant.parse("2026-12-01T03:00:00.300Z"));
        return SimulatedEngine.on(time, EngineSettings.defaults().withDrain(Duration.ofSeconds(2)))
                .run(options, line -> {});
    }

    private static TimeSeries series(LoadReport report) {
        return report.seriesNamed("client per second").orElseThrow();
    }

    private static long fromStorm(TimeSeries series, Counter counter) {
        long total = 0;
        for (int i = 0; i < series.buckets().size(); i++) {
            if (!series.bucketStart(i).isBefore(series.start().plus(STORM))) {
                total += series.buckets().get(i).count(counter);
            }
        }
        return total;
    }

    /** The mean per second over t = 2-10 s: after the clients' first answers, before the storm. */
    private static double perSecondBefore(TimeSeries series, Counter counter) {
        long total = 0;
        for (int i = 2; i < 10; i++) {
            total += series.buckets().get(i).count(counter);
        }
        return total / 8.0;
    }

    private static double amplification(LoadReport report) {
        Figure figure = report.figures().get(StandardFigures.RETRY_AMPLIFICATION);
        assertThat(figure).isInstanceOf(Figure.Value.class);
        return ((Figure.Value) figure).value();
    }

    /** The most arrivals the provider saw in one 100 ms bucket of the second from the reset on. */
    private static long peakAfterStorm(LoadReport report) {
        TimeSeries fine =
                report.seriesNamed("provider per 100 ms, from t = 8 s").orElseThrow();
        Instant from = report.startedAt().plus(STORM);
        long peak = 0;
        for (int i = 0; i < fine.buckets().size(); i++) {
            Instant start = fine.bucketStart(i);
            if (!start.isBefore(from) && start.isBefore(from.plusSeconds(1))) {
                peak = Math.max(peak, fine.buckets().get(i).count(Counter.ATTEMPTS));
            }
        }
        return peak;
    }
}
