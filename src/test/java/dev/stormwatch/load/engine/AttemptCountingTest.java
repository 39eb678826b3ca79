package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.series.TimeSeriesRecorder;
import dev.stormwatch.relay.Quota;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How attempt events become the client-side counters, and which limit the limiter gets; pure, on a fake clock. */
class AttemptCountingTest {

    private static final Instant T0 = Instant.parse("2026-11-30T03:00:00Z");

    private final FakeClock clock = new FakeClock(T0);
    private final TimeSeriesRecorder recorder =
            TimeSeriesRecorder.covering(clock, T0, Duration.ofSeconds(5), Duration.ofSeconds(1));
    private final ResponseWatch watch = new ResponseWatch();

    @Test
    @DisplayName("RC7: a limiter refusal counts as refused and never as an attempt; sent attempts count as allowed")
    void limiterRefusalIsNotAnAttempt() {
        AttemptCounting counting = new AttemptCounting(recorder, true, watch);

        counting.onAttempt(event(0, OptionalInt.empty(), Optional.empty(), AttemptEvent.Verdict.REFUSED_BY_LIMITER));
        counting.onAttempt(event(1, OptionalInt.of(200), Optional.empty(), AttemptEvent.Verdict.DELIVER));

        TimeSeries series = recorder.snapshot();
        assertThat(series.total(Counter.LIMITER_REFUSED)).isEqualTo(1);
        assertThat(series.total(Counter.LIMITER_ALLOWED)).isEqualTo(1);
        assertThat(series.total(Counter.ATTEMPTS)).isEqualTo(1);
        assertThat(series.total(Counter.STATUS_2XX)).isEqualTo(1);
    }

    @Test
    @DisplayName("P2: a refusal by a running pause sent nothing and counts nothing")
    void pauseRefusalCountsNothing() {
        new AttemptCounting(recorder, false, watch)
                .onAttempt(event(0, OptionalInt.of(429), Optional.empty(), AttemptEvent.Verdict.REFUSED_BY_PAUSE));

        TimeSeries series = recorder.snapshot();
        for (Counter counter : Counter.values()) {
            assertThat(series.total(counter)).as(counter.key()).isZero();
        }
        assertThat(watch.everAnswered()).isFalse();
    }

    @Test
    @DisplayName("RH13, RH11: a wait before sending counts as a paced wait with its milliseconds, not as an attempt")
    void pacedWaitIsCountedWithItsLength() {
        AttemptCounting counting = new AttemptCounting(recorder, false, watch);
        AttemptEvent paced = new AttemptEvent(
                T0.plusMillis(500),
                Origin.of("http://127.0.0.1:8080"),
                "storm-mini",
                Operation.READ,
                1,
                OptionalInt.empty(),
                Optional.empty(),
                List.of(),
                Optional.empty(),
                Optional.of(Duration.ofMillis(1_250)),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(1, Duration.ofSeconds(1)),
                Optional.empty(),
                AttemptEvent.Verdict.PACED,
                Optional.of("pace of the origin (RH13)"));

        counting.onAttempt(paced);
        counting.onAttempt(paced);
        counting.onAttempt(event(1, OptionalInt.of(200), Optional.empty(), AttemptEvent.Verdict.DELIVER));

        TimeSeries series = recorder.snapshot();
        assertThat(series.total(Counter.PACED_WAITS)).isEqualTo(2);
        assertThat(series.total(Counter.PACED_WAIT_MS)).isEqualTo(2_500);
        assertThat(series.total(Counter.ATTEMPTS))
                .as("only the attempt that went out")
                .isEqualTo(1);
        assertThat(LoadEngine.pacedWaits(series, false))
                .contains(
                        "paced: 2 wait(s) before sending, 2.5 s in all (1250 ms on average), for a used-up quota's reset (RH13)");
        assertThat(LoadEngine.pacedWaits(
                        TimeSeriesRecorder.covering(clock, T0, Duration.ofSeconds(5), Duration.ofSeconds(1))
                                .snapshot(),
                        false))
                .as("a run that never waited says nothing")
                .isEmpty();
    }

    @Test
    @DisplayName(
            "ST1, ST2: a 429, then a retry that fails on the network, then a retry answered 503: three attempts, two retries")
    void retriesStatusesAndNetworkFailuresAreCounted() {
        AttemptCounting counting = new AttemptCounting(recorder, false, watch);

        counting.onAttempt(event(1, OptionalInt.of(429), Optional.empty(), AttemptEvent.Verdict.RETRY));
        counting.onAttempt(
                event(2, OptionalInt.empty(), Optional.of(FailureKind.RESET_AFTER_SEND), AttemptEvent.Verdict.RETRY));
        counting.onAttempt(event(3, OptionalInt.of(503), Optional.empty(), AttemptEvent.Verdict.STOP));

        TimeSeries series = recorder.snapshot();
        assertThat(series.total(Counter.ATTEMPTS)).isEqualTo(3);
        assertThat(series.total(Counter.RETRIES)).isEqualTo(2);
        assertThat(series.total(Counter.STATUS_429)).isEqualTo(1);
        assertThat(series.total(Counter.STATUS_5XX)).isEqualTo(1);
        assertThat(series.total(Counter.NETWORK_ERRORS)).isEqualTo(1);
        assertThat(series.total(Counter.LIMITER_ALLOWED))
                .as("no limiter in front")
                .isZero();
        assertThat(watch.everAnswered()).isTrue();
    }

    @Test
    @DisplayName("L6, RC7: the limiter holds the provider's quota when one is known, else the arrival rate per second")
    void limitFollowsTheQuotaThenTheRate() {
        Quota quota = new Quota(100, Duration.ofSeconds(10));
        assertThat(LimitChoice.of(Optional.empty(), Optional.of(quota), OptionalDouble.of(500)))
                .isEqualTo(LimitSpec.of(100, Duration.ofSeconds(10)));
        assertThat(LimitChoice.of(Optional.empty(), Optional.empty(), OptionalDouble.of(12.5)))
                .isEqualTo(LimitSpec.of(13, Duration.ofSeconds(1)));
        assertThat(LimitChoice.of(Optional.empty(), Optional.empty(), OptionalDouble.empty()))
                .isEqualTo(LimitChoice.FALLBACK);
        assertThat(LimitChoice.scenarioQuota(ScenarioPresets.QUOTA_EXHAUSTION)).contains(quota);
        assertThat(LimitChoice.scenarioQuota(ScenarioPresets.STEADY)).isEmpty();
    }

    @Test
    @DisplayName("RA2: the shared Retry-After scenario counts down one second at a time to one instant, then ends")
    void sharedRetryAfterCountsDown() {
        RelayPlan plan = RelayPlan.of(
                ScenarioPresets.RETRY_AFTER_120, Optional.empty(), 10, dev.stormwatch.relay.RateLimitDialect.PLAIN);

        assertThat(plan.actions()).hasSize(121);
        assertThat(plan.actions().get(0).at()).isEqualTo(Duration.ofSeconds(10));
        assertThat(plan.actions().get(0).what()).isEqualTo("429 Retry-After 120");
        assertThat(plan.actions().get(119).what()).isEqualTo("429 Retry-After 1");
        assertThat(plan.actions().get(120).at()).isEqualTo(Duration.ofSeconds(130));
    }

    private static AttemptEvent event(
            int attempt, OptionalInt status, Optional<FailureKind> failure, AttemptEvent.Verdict verdict) {
        return new AttemptEvent(
                T0.plusMillis(500),
                Origin.of("http://127.0.0.1:8080"),
                "storm-mini",
                Operation.READ,
                attempt,
                status,
                failure,
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(1, Duration.ofSeconds(1)),
                Optional.empty(),
                verdict);
    }
}
