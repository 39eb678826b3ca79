package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** RB1: the outage circuit opens only after its threshold of failed calls in a row; below it, Redis is asked again. */
class FailureThresholdTest {

    private static final LimitKey KEY = LimitKey.of("alice", "gpt-4o");
    private static final Duration RETRY = Duration.ofSeconds(1);

    private FakeClock clock;
    private FlakyPort redis;
    private final List<BackendStatus> statuses = new CopyOnWriteArrayList<>();

    @BeforeEach
    void setUp() {
        clock = new FakeClock(Instant.parse("2026-01-01T00:00:00Z"));
        redis = new FlakyPort(clock);
    }

    private GuardedRateLimiter limiter(int threshold) {
        return RateLimiterBuilder.of(Algorithm.SLIDING_LOG, LimitSpec.of(100, Duration.ofMinutes(1)))
                .clock(clock)
                .redis(redis)
                .failureMode(FailureMode.FAIL_CLOSED)
                .retryInterval(RETRY)
                .failureThreshold(threshold)
                .statusListener(statuses::add)
                .buildRedis();
    }

    @Test
    @DisplayName("RB1: two failures under a threshold of 3 degrade only their own decisions; Redis is asked each time")
    void belowTheThresholdEachCallAsksRedis() {
        GuardedRateLimiter limiter = limiter(3);
        int before = redis.evalCalls.get();
        redis.set(FlakyPort.State.DOWN);

        LimitDecision first = limiter.tryAcquire(KEY);
        LimitDecision second = limiter.tryAcquire(KEY);
        redis.set(FlakyPort.State.UP);
        LimitDecision third = limiter.tryAcquire(KEY);

        assertThat(List.of(first.source(), second.source(), third.source()))
                .containsExactly(DecisionSource.FAIL_CLOSED, DecisionSource.FAIL_CLOSED, DecisionSource.BACKEND);
        assertThat(first.retryAtIfRefused())
                .as("the circuit is closed: ask again at once, not after the interval")
                .contains(clock.instant().plusMillis(1));
        assertThat(redis.evalCalls.get() - before).isEqualTo(3);
        assertThat(statuses).as("no outage was reported").isEmpty();
        assertThat(limiter.status().reachable()).isTrue();
    }

    @Test
    @DisplayName("RB1: the third failure in a row opens the circuit: Redis is skipped until the retry interval ends")
    void onTheThresholdTheCircuitOpens() {
        GuardedRateLimiter limiter = limiter(3);
        redis.set(FlakyPort.State.DOWN);
        for (int i = 0; i < 3; i++) {
            limiter.tryAcquire(KEY);
        }
        int callsWhenOpened = redis.evalCalls.get();

        LimitDecision skipped = limiter.tryAcquire(KEY);
        clock.advance(RETRY.minusMillis(1));
        limiter.tryAcquire(KEY);

        assertThat(redis.evalCalls.get()).as("open: no call reaches Redis").isEqualTo(callsWhenOpened);
        assertThat(skipped.retryAtIfRefused()).contains(Instant.parse("2026-01-01T00:00:01Z"));
        assertThat(statuses)
                .singleElement()
                .satisfies(status -> assertThat(status.reachable()).isFalse());
        clock.advance(Duration.ofMillis(1));
        redis.set(FlakyPort.State.UP);
        assertThat(limiter.tryAcquire(KEY).source())
                .as("the probe after the interval")
                .isEqualTo(DecisionSource.BACKEND);
        assertThat(statuses)
                .last()
                .satisfies(status -> assertThat(status.reachable()).isTrue());
    }

    @Test
    @DisplayName("RB1: an answer in between starts the count again: failure, success, failure, failure stays closed")
    void anAnswerResetsTheCount() {
        GuardedRateLimiter limiter = limiter(3);

        redis.set(FlakyPort.State.DOWN);
        limiter.tryAcquire(KEY);
        redis.set(FlakyPort.State.UP);
        limiter.tryAcquire(KEY);
        redis.set(FlakyPort.State.DOWN);
        limiter.tryAcquire(KEY);
        limiter.tryAcquire(KEY);
        int calls = redis.evalCalls.get();
        limiter.tryAcquire(KEY);

        assertThat(redis.evalCalls.get())
                .as("still closed before the third failure in a row")
                .isEqualTo(calls + 1);
        assertThat(statuses)
                .singleElement()
                .satisfies(status -> assertThat(status.reachable()).isFalse());
    }

    @Test
    @DisplayName("RB1: a threshold of 1 is the library's default: the first failure opens the circuit")
    void thresholdOneOpensAtOnce() {
        GuardedRateLimiter limiter = limiter(1);
        redis.set(FlakyPort.State.DOWN);
        limiter.tryAcquire(KEY);
        int calls = redis.evalCalls.get();

        limiter.tryAcquire(KEY);

        assertThat(redis.evalCalls.get()).isEqualTo(calls);
        assertThatThrownBy(() -> limiter(0))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("failureThreshold must be 1 to 1000, was 0");
    }
}
