package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.IntStream;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The contract on the in-memory twins with a fake clock, plus each algorithm's boundaries and burst (L3, L7). */
class InMemoryRateLimiterTest extends RateLimiterContract {

    private static final LimitKey KEY = LimitKey.of("alice", "gpt-4o");
    // Not on a window boundary, so fixed windows do not start exactly at the first request.
    private FakeClock clock;

    @BeforeEach
    void freshClock() {
        clock = new FakeClock(Instant.parse("2026-01-01T00:00:00.123456Z"));
    }

    @Override
    RateLimiter newLimiter(Algorithm algorithm, LimitSpec spec) {
        return new InMemoryRateLimiter(algorithm, spec, clock);
    }

    @Override
    void advanceTo(Instant instant) {
        if (instant.isAfter(clock.instant())) {
            clock.set(instant);
        }
    }

    @Override
    Instant backendNow() {
        return clock.instant();
    }

    private long allowedCount(RateLimiter limiter, int attempts) {
        return IntStream.range(0, attempts)
                .filter(i -> limiter.tryAcquire(KEY).allowed())
                .count();
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    @DisplayName("L3: one microsecond before the retry-at is still refused; on it, allowed")
    void retryAtIsTheExactBoundary(Algorithm algorithm) {
        RateLimiter limiter = newLimiter(algorithm, LimitSpec.of(3, Duration.ofSeconds(10)));
        allowedCount(limiter, 3);
        Instant retryAt = limiter.tryAcquire(KEY).retryAtIfRefused().orElseThrow();

        clock.set(retryAt.minusNanos(1000));
        assertThat(limiter.tryAcquire(KEY).allowed()).isFalse();

        clock.set(retryAt);
        assertThat(limiter.tryAcquire(KEY).allowed()).isTrue();
    }

    @Test
    @DisplayName("L1: an entry exactly one window old has left the sliding log")
    void slidingLogEntryLeavesExactlyOneWindowLater() {
        RateLimiter limiter = newLimiter(Algorithm.SLIDING_LOG, LimitSpec.of(1, Duration.ofSeconds(1)));
        Instant first = limiter.tryAcquire(KEY).decidedAt();

        clock.set(first.plusMillis(999));
        assertThat(limiter.tryAcquire(KEY).allowed()).isFalse();
        clock.set(first.plusSeconds(1));
        assertThat(limiter.tryAcquire(KEY).allowed()).isTrue();
    }

    @Test
    @DisplayName("L7: a fixed window lets 2 x limit through around a boundary")
    void fixedWindowAdmitsTwiceTheLimitAcrossABoundary() {
        clock.set(Instant.parse("2026-01-01T00:00:09.999Z"));
        RateLimiter limiter = newLimiter(Algorithm.FIXED_WINDOW, LimitSpec.of(5, Duration.ofSeconds(10)));
        long beforeBoundary = allowedCount(limiter, 10);

        clock.set(Instant.parse("2026-01-01T00:00:10.000Z"));
        long afterBoundary = allowedCount(limiter, 10);

        assertThat(beforeBoundary + afterBoundary).isEqualTo(10);
    }

    @Test
    @DisplayName("L7: the sliding log admits only the limit around the same boundary")
    void slidingLogAdmitsOnlyTheLimitAcrossABoundary() {
        clock.set(Instant.parse("2026-01-01T00:00:09.999Z"));
        RateLimiter limiter = newLimiter(Algorithm.SLIDING_LOG, LimitSpec.of(5, Duration.ofSeconds(10)));
        long beforeBoundary = allowedCount(limiter, 10);

        clock.set(Instant.parse("2026-01-01T00:00:10.000Z"));
        long afterBoundary = allowedCount(limiter, 10);

        assertThat(beforeBoundary + afterBoundary).isEqualTo(5);
    }

    @Test
    @DisplayName("L7: the sliding window counter weighs the previous window by its overlap")
    void slidingWindowCounterWeighsThePreviousWindow() {
        clock.set(Instant.parse("2026-01-01T00:00:00Z"));
        RateLimiter limiter = newLimiter(Algorithm.SLIDING_WINDOW_COUNTER, LimitSpec.of(10, Duration.ofSeconds(10)));
        allowedCount(limiter, 10);

        // 30 % into the next window, 70 % of the previous 10 still count: 3 more fit.
        clock.set(Instant.parse("2026-01-01T00:00:13Z"));

        assertThat(allowedCount(limiter, 10)).isEqualTo(3);
    }

    @Test
    @DisplayName("L7: the token bucket refills at limit per window after its burst")
    void tokenBucketRefillsAtTheSteadyRate() {
        RateLimiter limiter = newLimiter(Algorithm.TOKEN_BUCKET, LimitSpec.of(10, Duration.ofSeconds(10)));
        assertThat(allowedCount(limiter, 20)).isEqualTo(10);

        clock.advance(Duration.ofMillis(2999));
        assertThat(allowedCount(limiter, 20)).isEqualTo(2);
        clock.advance(Duration.ofMillis(1));
        assertThat(allowedCount(limiter, 20)).isEqualTo(1);
    }

    @Test
    @DisplayName("L7: GCRA spaces requests by one emission interval after its burst")
    void gcraSpacesRequestsByTheEmissionInterval() {
        RateLimiter limiter = newLimiter(Algorithm.GCRA, LimitSpec.of(4, Duration.ofSeconds(2)));
        assertThat(allowedCount(limiter, 10)).isEqualTo(4);

        clock.advance(Duration.ofMillis(499));
        assertThat(allowedCount(limiter, 10)).isZero();
        clock.advance(Duration.ofMillis(1));
        assertThat(allowedCount(limiter, 10)).isEqualTo(1);
    }

    @Test
    @DisplayName("L6: a local clock that steps back does not reopen the sliding log")
    void clockSteppingBackDoesNotReopenTheWindow() {
        RateLimiter limiter = newLimiter(Algorithm.SLIDING_LOG, LimitSpec.of(2, Duration.ofSeconds(10)));
        allowedCount(limiter, 2);

        clock.advance(Duration.ofSeconds(-30));

        assertThat(limiter.tryAcquire(KEY).allowed()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    @DisplayName("L7: keys idle for two windows are dropped, and come back fresh, like keys Redis expired")
    void idleKeysAreDroppedAndComeBackFresh(Algorithm algorithm) {
        InMemoryRateLimiter limiter =
                new InMemoryRateLimiter(algorithm, LimitSpec.of(3, Duration.ofSeconds(10)), clock);
        allowedCount(limiter, 5);
        limiter.tryAcquire(LimitKey.of("bob", "gpt-4o"));

        clock.advance(Duration.ofSeconds(20));
        limiter.sweepIdleKeys();
        assertThat(limiter.trackedKeys()).isEqualTo(2);
        clock.advance(Duration.ofNanos(3000));
        limiter.sweepIdleKeys();

        assertThat(limiter.trackedKeys()).isZero();
        assertThat(allowedCount(limiter, 5)).isEqualTo(3);
    }

    @Test
    @DisplayName("L7: a key in use is kept by the sweep")
    void keysInUseAreKept() {
        InMemoryRateLimiter limiter =
                new InMemoryRateLimiter(Algorithm.SLIDING_LOG, LimitSpec.of(3, Duration.ofSeconds(10)), clock);
        allowedCount(limiter, 3);

        clock.advance(Duration.ofSeconds(19));
        limiter.sweepIdleKeys();

        assertThat(limiter.trackedKeys()).isEqualTo(1);
    }

    @ParameterizedTest
    @EnumSource(Algorithm.class)
    @DisplayName("L6: 8 threads racing on one key admit exactly the limit, with sweeps running alongside")
    void concurrentCallersAdmitExactlyTheLimit(Algorithm algorithm) throws Exception {
        InMemoryRateLimiter limiter =
                new InMemoryRateLimiter(algorithm, LimitSpec.of(500, Duration.ofSeconds(10)), clock);
        java.util.concurrent.atomic.AtomicInteger allowed = new java.util.concurrent.atomic.AtomicInteger();
        java.util.List<Thread> threads = new java.util.ArrayList<>();
        for (int t = 0; t < 8; t++) {
            threads.add(new Thread(() -> {
                for (int i = 0; i < 1000; i++) {
                    if (limiter.tryAcquire(KEY).allowed()) {
                        allowed.incrementAndGet();
                    }
                    limiter.sweepIdleKeys();
                }
            }));
        }
        threads.forEach(Thread::start);
        for (Thread thread : threads) {
            thread.join();
        }

        assertThat(allowed).hasValue(500);
    }
}
