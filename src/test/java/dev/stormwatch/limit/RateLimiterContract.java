package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The behaviour every limiter shares, whatever the algorithm and the backend (docs/style.md §6, like Bucket4j's tck):
 * run in memory on a fake clock, on a real Redis and on a real Redis Cluster.
 */
abstract class RateLimiterContract {

    /** Long enough that no refill or window boundary falls inside a test that does not move time. */
    static final Duration LONG_WINDOW = Duration.ofHours(1);

    /** A limiter of the backend under test. */
    abstract RateLimiter newLimiter(Algorithm algorithm, LimitSpec spec);

    /** Moves the backend's clock to at least {@code instant}: sets the fake clock, or waits for Redis TIME. */
    abstract void advanceTo(Instant instant);

    /** The backend's clock now: the fake clock, or Redis TIME. */
    abstract Instant backendNow();

    /**
     * The fixed window counts per epoch-aligned window (L7): on real Redis time a test's first calls could fall on
     * both sides of a boundary, so a test that fills one window starts just after a boundary.
     */
    void startJustAfterWindowBoundary(Algorithm algorithm, Duration window) {
        if (algorithm != Algorithm.FIXED_WINDOW) {
            return; // the other algorithms have no boundary a test's calls could straddle
        }
        advanceTo(RedisTime.nextWindowStart(backendNow(), window));
    }

    private static final LimitKey KEY = LimitKey.of("alice", "gpt-4o");

    private static List<LimitDecision> acquire(RateLimiter limiter, LimitKey key, int times) {
        List<LimitDecision> decisions = new ArrayList<>();
        for (int i = 0; i < times; i++) {
            decisions.add(limiter.tryAcquire(key));
        }
        return decisions;
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    @DisplayName("L6 L7: a fresh key admits exactly the limit at once, then refuses")
    void freshKeyAdmitsExactlyTheLimitThenRefuses(Algorithm algorithm) {
        RateLimiter limiter = newLimiter(algorithm, LimitSpec.of(5, LONG_WINDOW));

        List<LimitDecision> decisions = acquire(limiter, KEY, 8);

        assertThat(decisions)
                .extracting(LimitDecision::allowed)
                .containsExactly(true, true, true, true, true, false, false, false);
        assertThat(decisions).allSatisfy(d -> assertThat(d.source()).isEqualTo(DecisionSource.BACKEND));
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    @DisplayName("L3: allowed decisions count up to the limit; a refusal reports a full window")
    void inWindowCountsTheRequestsTheWindowHolds(Algorithm algorithm) {
        RateLimiter limiter = newLimiter(algorithm, LimitSpec.of(3, LONG_WINDOW));

        List<LimitDecision> decisions = acquire(limiter, KEY, 4);

        assertThat(decisions).extracting(LimitDecision::inWindow).containsExactly(1L, 2L, 3L, 3L);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    @DisplayName("L3: a refusal carries a retry-at after the decision, at most one window later (two: the counter)")
    void refusalCarriesRetryAtWithinOneWindow(Algorithm algorithm) {
        RateLimiter limiter = newLimiter(algorithm, LimitSpec.of(2, LONG_WINDOW));
        acquire(limiter, KEY, 2);

        LimitDecision refused = limiter.tryAcquire(KEY);

        assertThat(refused).isInstanceOf(LimitDecision.Refused.class);
        Instant retryAt = refused.retryAtIfRefused().orElseThrow();
        // The counter's weighted estimate of a full window keeps refusing until half of the next window (L7).
        Duration longestWait =
                algorithm == Algorithm.SLIDING_WINDOW_COUNTER ? LONG_WINDOW.multipliedBy(2) : LONG_WINDOW;
        assertThat(retryAt)
                .isAfter(refused.decidedAt())
                .isBeforeOrEqualTo(refused.decidedAt().plus(longestWait));
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    @DisplayName("L1 L3: refused requests are not counted, so the retry-at does not move while they keep coming")
    void refusedRequestsDoNotMoveTheRetryAt(Algorithm algorithm) {
        RateLimiter limiter = newLimiter(algorithm, LimitSpec.of(2, LONG_WINDOW));
        acquire(limiter, KEY, 2);

        List<LimitDecision> refusals = acquire(limiter, KEY, 5);

        assertThat(refusals).noneMatch(LimitDecision::allowed);
        assertThat(refusals)
                .extracting(d -> d.retryAtIfRefused().orElseThrow())
                .containsOnly(refusals.get(0).retryAtIfRefused().orElseThrow());
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    @DisplayName("L2: each principal and model has its own key")
    void keysAreIndependent(Algorithm algorithm) {
        RateLimiter limiter = newLimiter(algorithm, LimitSpec.of(2, LONG_WINDOW));
        acquire(limiter, KEY, 3);

        assertThat(limiter.tryAcquire(LimitKey.of("bob", "gpt-4o")).allowed()).isTrue();
        assertThat(limiter.tryAcquire(LimitKey.of("alice", "claude")).allowed()).isTrue();
        assertThat(limiter.tryAcquire(KEY).allowed()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    @DisplayName("L3: a request at the retry-at instant is allowed")
    void requestAtRetryAtIsAllowed(Algorithm algorithm) {
        // A 1 s window: long enough that the three calls below fit in one fixed window on a loaded CI machine.
        Duration window = Duration.ofSeconds(1);
        RateLimiter limiter = newLimiter(algorithm, LimitSpec.of(2, window));
        startJustAfterWindowBoundary(algorithm, window);
        acquire(limiter, KEY, 2);
        LimitDecision refused = limiter.tryAcquire(KEY);
        assertThat(refused.allowed()).isFalse();

        advanceTo(refused.retryAtIfRefused().orElseThrow());

        assertThat(limiter.tryAcquire(KEY).allowed()).isTrue();
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = "SLIDING_LOG")
    @DisplayName("L3: the sliding log's retry-at is the oldest entry's time plus the window")
    void slidingLogRetryAtIsOldestEntryPlusWindow(Algorithm algorithm) {
        RateLimiter limiter = newLimiter(algorithm, LimitSpec.of(3, LONG_WINDOW));
        LimitDecision oldest = limiter.tryAcquire(KEY);
        acquire(limiter, KEY, 2);

        LimitDecision refused = limiter.tryAcquire(KEY);

        assertThat(refused.retryAtIfRefused()).contains(oldest.decidedAt().plus(LONG_WINDOW));
    }

    @ParameterizedTest
    @EnumSource(value = Algorithm.class, names = "SLIDING_LOG")
    @DisplayName("L6: the sliding log never holds more than the limit in any window, across many windows")
    void slidingLogNeverExceedsTheLimitInAnyWindow(Algorithm algorithm) {
        Duration window = Duration.ofMillis(200);
        RateLimiter limiter = newLimiter(algorithm, LimitSpec.of(4, window));
        List<Instant> allowedAt = new ArrayList<>();
        Instant end = null;
        for (int i = 0; i < 60; i++) {
            LimitDecision decision = limiter.tryAcquire(KEY);
            end = end == null ? decision.decidedAt().plus(window.multipliedBy(3)) : end;
            if (decision.allowed()) {
                allowedAt.add(decision.decidedAt());
            }
            advanceTo(decision.decidedAt().plus(Duration.ofMillis(17)));
            if (decision.decidedAt().isAfter(end)) {
                break;
            }
        }
        assertThat(allowedAt.size()).isGreaterThan(4);
        for (int i = 4; i < allowedAt.size(); i++) {
            assertThat(Duration.between(allowedAt.get(i - 4), allowedAt.get(i))).isGreaterThanOrEqualTo(window);
        }
    }
}
