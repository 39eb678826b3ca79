package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.series.TimeSeriesRecorder;
import dev.stormwatch.load.simulation.BackoffStrategy;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The run's sentence (LB4) at its edges: one of each, nothing at all, and what falls just before the fault. */
class RunVerdictEdgesTest {

    private static final Instant START = Instant.parse("2026-12-02T03:00:00Z");

    /** A per-second series of {@code seconds} seconds filled by {@code fill}, read after the run. */
    private static TimeSeries perSecond(int seconds, Consumer<TimeSeriesRecorder> fill) {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder recorder = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), seconds);
        fill.accept(recorder);
        clock.advance(Duration.ofSeconds(seconds));
        return recorder.snapshot();
    }

    @Test
    @DisplayName(
            "LB4: a storm counts what failed from its second on, in the singular for one, and says when none retried")
    void aStormCountsFromItsSecondAndInTheSingular() {
        TimeSeries client = perSecond(30, r -> {
            r.add(START.plusMillis(9_999), Counter.NETWORK_ERRORS, 5); // just before the reset: not its doing
            r.add(START.plusMillis(9_999), Counter.RETRIES, 5);
            r.add(START.plusMillis(9_999), Counter.STATUS_429, 5);
            r.add(START.plusSeconds(10), Counter.NETWORK_ERRORS, 1);
            r.add(START.plusSeconds(29), Counter.EXHAUSTED_BUDGETS, 1);
        });

        String verdict = RunVerdict.of(
                ScenarioPresets.THREE_AM_STORM, BackoffStrategy.FULL, START, client, Optional.empty(), Map.of());

        assertThat(verdict)
                .isEqualTo("1 connection reset at t = 10 s; no client retried; 1 call ran out of their retry budget"
                        + " (B1).");
    }

    @Test
    @DisplayName("LB4, LB17: without a 100 ms series a storm's retries spread over whole seconds; its 429s follow")
    void aStormWithoutTheFineSeriesCountsWholeSeconds() {
        TimeSeries client = perSecond(30, r -> {
            r.add(START.plusSeconds(10), Counter.NETWORK_ERRORS, 2);
            r.add(START.plusSeconds(10), Counter.RETRIES, 1);
            r.add(START.plusMillis(12_500), Counter.RETRIES, 2);
            r.add(START.plusSeconds(11), Counter.STATUS_429, 1);
            r.add(START.plusSeconds(12), Counter.STATUS_429, 2);
        });

        String verdict = RunVerdict.of(
                ScenarioPresets.THREE_AM_STORM,
                BackoffStrategy.EQUAL,
                START,
                client,
                Optional.empty(),
                Map.of(StandardFigures.RETRY_AMPLIFICATION, Figure.of(1.5)));

        assertThat(verdict)
                .isEqualTo("2 connections reset at t = 10 s; 3 retries spread over 3 s with equal jitter; 3 answers 429"
                        + " from the quota after it; no call ran out of its retry budget; 1.50 attempts per request.");
    }

    @Test
    @DisplayName("LB4: one retry in the 100 ms series spreads over its tenth of a second")
    void oneRetryInTheFineSeries() {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder tenths = new TimeSeriesRecorder(clock, START.plusSeconds(8), Duration.ofMillis(100), 60);
        tenths.add(START.plusMillis(9_950), Counter.RETRIES, 4); // before the reset: not counted
        tenths.add(START.plusMillis(10_000), Counter.RETRIES, 1);
        clock.advance(Duration.ofSeconds(30));

        String verdict = RunVerdict.of(
                ScenarioPresets.THREE_AM_STORM,
                BackoffStrategy.FULL,
                START,
                perSecond(30, r -> {}),
                Optional.of(tenths.snapshot()),
                Map.of());

        assertThat(verdict).contains("; 1 retry spread over 0.1 s with full jitter;");
    }

    @Test
    @DisplayName("LB4: an outage whose goodput never came back, and a shared Retry-After whose second was not recorded")
    void whatWasNotMeasuredIsSaid() {
        String outage = RunVerdict.of(
                ScenarioPresets.PROVIDER_OUTAGE,
                BackoffStrategy.FULL,
                START,
                perSecond(45, r -> {}),
                Optional.empty(),
                Map.of(StandardFigures.TIME_TO_RECOVER, Figure.absent("never")));
        String shared = RunVerdict.of(
                ScenarioPresets.RETRY_AFTER_12,
                BackoffStrategy.FULL,
                START,
                perSecond(20, r -> r.add(START.plusSeconds(3), Counter.STATUS_429, 2)),
                Optional.empty(),
                Map.of(StandardFigures.PEAK_TO_MEAN, Figure.absent("not recorded")));

        assertThat(outage)
                .isEqualTo("The provider answered 503 from t = 10 s to t = 30 s; no call ran out of its retry budget;"
                        + " goodput did not come back to 90% before the run ended.");
        assertThat(shared)
                .isEqualTo("2 answers were 429, every one telling the same instant to come back, t = 14 s; the second"
                        + " after it was not recorded.");
    }

    @Test
    @DisplayName("LB4: a run without a fault counts its successes; the limiter's refusals close it, in the plural")
    void aSteadyRunCountsItsSuccesses() {
        TimeSeries client = perSecond(20, r -> {
            r.add(START.plusSeconds(1), Counter.ATTEMPTS, 3);
            r.add(START.plusSeconds(1), Counter.STATUS_2XX, 1);
            r.add(START.plusSeconds(2), Counter.LIMITER_REFUSED, 2);
        });

        assertThat(RunVerdict.of(
                        ScenarioPresets.STEADY, BackoffStrategy.FULL, START, client, Optional.empty(), Map.of()))
                .isEqualTo("1 attempt of 3 succeeded; the limiter refused 2 requests, which were never sent.");
        assertThat(RunVerdict.of(
                        ScenarioPresets.STEADY,
                        BackoffStrategy.FULL,
                        START,
                        perSecond(20, r -> r.add(START, Counter.STATUS_2XX, 2)),
                        Optional.empty(),
                        Map.of()))
                .startsWith("2 attempts of 0 succeeded");
    }
}
