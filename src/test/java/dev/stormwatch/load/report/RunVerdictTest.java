package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeriesRecorder;
import dev.stormwatch.load.simulation.BackoffStrategy;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The sentence at the end of a run, from series made by hand. */
class RunVerdictTest {

    private static final Instant START = Instant.parse("2026-12-01T03:00:00Z");

    @Test
    @DisplayName("LB4: the storm's verdict counts the resets at its instant and how far the retries spread")
    void theStormSaysHowManyResetAndHowTheRetriesSpread() {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder seconds = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 30);
        TimeSeriesRecorder tenths = new TimeSeriesRecorder(clock, START.plusSeconds(8), Duration.ofMillis(100), 60);
        seconds.add(START.plusSeconds(5), Counter.ATTEMPTS, 100); // before the storm: no resets
        for (TimeSeriesRecorder recorder : new TimeSeriesRecorder[] {seconds, tenths}) {
            recorder.add(START.plusMillis(10_000), Counter.NETWORK_ERRORS, 64);
            recorder.add(START.plusMillis(10_100), Counter.RETRIES, 30);
            recorder.add(START.plusMillis(10_950), Counter.RETRIES, 34); // the last in the 100 ms from 10.9 s
        }

        clock.advance(Duration.ofSeconds(30)); // the run is over: every bucket is in the snapshot
        String verdict = RunVerdict.of(
                ScenarioPresets.THREE_AM_STORM,
                BackoffStrategy.FULL,
                START,
                seconds.snapshot(),
                Optional.of(tenths.snapshot()),
                Map.of(StandardFigures.RETRY_AMPLIFICATION, Figure.of(1.02)));

        assertThat(verdict)
                .isEqualTo("64 connections reset at t = 10 s; 64 retries spread over 0.9 s with full"
                        + " jitter; no call ran out of its retry budget; 1.02 attempts per request.");
    }

    @Test
    @DisplayName("LB4: a storm run without backoff says so in words, not as the strategy's option value")
    void theStormWithoutBackoffSaysNoBackoff() {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder seconds = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 30);
        TimeSeriesRecorder tenths = new TimeSeriesRecorder(clock, START.plusSeconds(8), Duration.ofMillis(100), 60);
        for (TimeSeriesRecorder recorder : new TimeSeriesRecorder[] {seconds, tenths}) {
            recorder.add(START.plusMillis(10_000), Counter.NETWORK_ERRORS, 64);
            recorder.add(START.plusMillis(10_000), Counter.RETRIES, 64);
        }

        clock.advance(Duration.ofSeconds(30));
        String verdict = RunVerdict.of(
                ScenarioPresets.THREE_AM_STORM,
                BackoffStrategy.NONE,
                START,
                seconds.snapshot(),
                Optional.of(tenths.snapshot()),
                Map.of(StandardFigures.RETRY_AMPLIFICATION, Figure.of(1.0)));

        assertThat(verdict)
                .contains("64 retries spread over 0.1 s with no backoff;")
                .doesNotContain("none");
    }

    @Test
    @DisplayName("LB4: the outage's verdict says its span, the budgets that ran out and the time to recover")
    void theOutageSaysItsSpanTheBudgetsAndTheRecovery() {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder seconds = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 50);
        seconds.add(START.plusSeconds(12), Counter.EXHAUSTED_BUDGETS, 250);
        seconds.add(START.plusSeconds(3), Counter.LIMITER_REFUSED, 1);

        clock.advance(Duration.ofSeconds(50));
        String verdict = RunVerdict.of(
                ScenarioPresets.PROVIDER_OUTAGE,
                BackoffStrategy.FULL,
                START,
                seconds.snapshot(),
                Optional.empty(),
                Map.of(
                        StandardFigures.TIME_TO_RECOVER,
                        Figure.of(2.04),
                        StandardFigures.RETRY_AMPLIFICATION,
                        Figure.absent("none")));

        assertThat(verdict)
                .isEqualTo("The provider answered 503 from t = 10 s to t = 30 s; 250 calls ran out of"
                        + " their retry budget (B1); goodput was back to 90% 2.0 s after it ended; the limiter refused 1 request,"
                        + " which was never sent.");
    }

    @Test
    @DisplayName("LB4: a shared Retry-After's verdict says the 429s and the peak after the shared instant")
    void aSharedRetryAfterSaysThe429sAndThePeak() {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder seconds = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 140);
        seconds.add(START.plusSeconds(11), Counter.STATUS_429, 1);

        clock.advance(Duration.ofSeconds(140));
        String verdict = RunVerdict.of(
                ScenarioPresets.RETRY_AFTER_120,
                BackoffStrategy.NONE,
                START,
                seconds.snapshot(),
                Optional.empty(),
                Map.of(StandardFigures.PEAK_TO_MEAN, Figure.of(7.25)));

        assertThat(verdict)
                .isEqualTo("1 answer was 429, every one telling the same instant to come back, t = 130 s;"
                        + " in the second after, arrivals peaked at 7.3 times their mean.");
    }
}
