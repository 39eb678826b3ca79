package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The failure modes and the outage circuit on a fake clock and a switchable Redis double (L9, L8). */
class GuardedRateLimiterTest {

    private static final LimitKey KEY = LimitKey.of("alice", "gpt-4o");
    private static final Duration RETRY = Duration.ofSeconds(1);

    private FakeClock clock;
    private FlakyPort redis;
    private LimiterMetrics metrics;
    private final List<BackendStatus> statuses = new CopyOnWriteArrayList<>();

    @BeforeEach
    void setUp() {
        clock = new FakeClock(Instant.parse("2026-01-01T00:00:00Z"));
        redis = new FlakyPort(clock);
        metrics = LimiterMetrics.inMemory();
    }

    private GuardedRateLimiter limiter(FailureMode mode) {
        return RateLimiterBuilder.of(Algorithm.SLIDING_LOG, LimitSpec.of(2, Duration.ofMinutes(1)))
                .clock(clock)
                .redis(redis)
                .failureMode(mode)
                .retryInterval(RETRY)
                .statusListener(statuses::add)
                .metrics(metrics)
                .buildRedis();
    }

    private double counted(String name, String... tags) {
        var counter = metrics.registry().find(name).tags(tags).counter();
        return counter == null ? 0 : counter.count();
    }

    @Test
    @DisplayName("L9: fail closed refuses while Redis is down, with the next probe as retry-at")
    void failClosedRefuses() {
        GuardedRateLimiter limiter = limiter(FailureMode.FAIL_CLOSED);
        redis.set(FlakyPort.State.DOWN);

        LimitDecision decision = limiter.tryAcquire(KEY);

        assertThat(decision).isInstanceOf(LimitDecision.Refused.class);
        assertThat(decision.source()).isEqualTo(DecisionSource.FAIL_CLOSED);
        assertThat(decision.retryAtIfRefused()).contains(clock.instant().plus(RETRY));
    }

    @Test
    @DisplayName("L9 L8: fail open allows while Redis is down and counts it as fail_open")
    void failOpenAllowsAndCounts() {
        GuardedRateLimiter limiter = limiter(FailureMode.FAIL_OPEN);
        redis.set(FlakyPort.State.DOWN);

        IntStream.range(0, 5)
                .forEach(i -> assertThat(limiter.tryAcquire(KEY).source()).isEqualTo(DecisionSource.FAIL_OPEN));

        assertThat(counted(LimiterMetrics.DECISIONS, "outcome", "allowed", "source", "fail_open"))
                .isEqualTo(5);
        assertThat(counted(LimiterMetrics.BACKEND_FAILURES, "kind", "unavailable"))
                .isEqualTo(1);
    }

    @Test
    @DisplayName("L9: the local fallback enforces the same limit in this process while Redis is down")
    void localFallbackEnforcesTheLimitLocally() {
        GuardedRateLimiter limiter = limiter(FailureMode.LOCAL_FALLBACK);
        redis.set(FlakyPort.State.DOWN);

        List<LimitDecision> decisions =
                IntStream.range(0, 4).mapToObj(i -> limiter.tryAcquire(KEY)).toList();

        assertThat(decisions).extracting(LimitDecision::allowed).containsExactly(true, true, false, false);
        assertThat(decisions).allMatch(d -> d.source() == DecisionSource.LOCAL_FALLBACK);
    }

    @Test
    @DisplayName(
            "L9: after a failure Redis is skipped until the retry interval ends: 1 ms before, no call; on it, one probe")
    void redisIsSkippedForTheRetryInterval() {
        GuardedRateLimiter limiter = limiter(FailureMode.FAIL_CLOSED);
        redis.set(FlakyPort.State.DOWN);
        limiter.tryAcquire(KEY);
        int callsAfterFailure = redis.evalCalls.get();

        clock.advance(RETRY.minusMillis(1));
        IntStream.range(0, 10).forEach(i -> limiter.tryAcquire(KEY));
        assertThat(redis.evalCalls).hasValue(callsAfterFailure);

        clock.advance(Duration.ofMillis(1));
        IntStream.range(0, 10).forEach(i -> limiter.tryAcquire(KEY));
        assertThat(redis.evalCalls).hasValue(callsAfterFailure + 1);
    }

    @Test
    @DisplayName("L9: the outage is reported once, and the recovery once, by itself after Redis returns")
    void reportsTheOutageAndRecoversByItself() {
        GuardedRateLimiter limiter = limiter(FailureMode.LOCAL_FALLBACK);
        redis.set(FlakyPort.State.DOWN);
        IntStream.range(0, 3).forEach(i -> limiter.tryAcquire(KEY));
        assertThat(limiter.status().reachable()).isFalse();

        redis.set(FlakyPort.State.UP);
        assertThat(limiter.tryAcquire(KEY).source()).isEqualTo(DecisionSource.LOCAL_FALLBACK);
        clock.advance(RETRY);
        LimitDecision afterRecovery = limiter.tryAcquire(KEY);

        assertThat(afterRecovery.source()).isEqualTo(DecisionSource.BACKEND);
        assertThat(limiter.status().reachable()).isTrue();
        assertThat(statuses).extracting(BackendStatus::reachable).containsExactly(false, true);
        assertThat(statuses.get(0).detail()).contains("connection refused");
    }

    @Test
    @DisplayName("L9: a Redis that answers an error degrades that one decision but keeps using Redis")
    void commandErrorDegradesOneDecisionOnly() {
        GuardedRateLimiter limiter = limiter(FailureMode.FAIL_CLOSED);
        redis.set(FlakyPort.State.ERROR);

        LimitDecision failed = limiter.tryAcquire(KEY);
        redis.set(FlakyPort.State.UP);
        LimitDecision next = limiter.tryAcquire(KEY);

        assertThat(failed.source()).isEqualTo(DecisionSource.FAIL_CLOSED);
        assertThat(next.source()).isEqualTo(DecisionSource.BACKEND);
        assertThat(counted(LimiterMetrics.BACKEND_FAILURES, "kind", "error")).isEqualTo(1);
        assertThat(statuses).last().satisfies(s -> assertThat(s.detail()).contains("WRONGTYPE"));
    }
}
