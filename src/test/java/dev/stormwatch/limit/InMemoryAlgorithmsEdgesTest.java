package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.stream.IntStream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The in-memory twins' arithmetic where the contract's coarser checks cannot see it (L3, L7): the sliding window
 * counter's retry-at while the previous window still weighs, windows that are not adjacent, a token bucket on a clock
 * that steps back, and the sweep of idle keys every 10,000 decisions.
 */
class InMemoryAlgorithmsEdgesTest {

    private static final LimitKey KEY = LimitKey.of("alice", "gpt-4o");
    private static final Instant START = Instant.parse("2026-01-01T00:00:00Z");

    private final FakeClock clock = new FakeClock(START);

    private InMemoryRateLimiter limiter(Algorithm algorithm, int limit, Duration window) {
        return new InMemoryRateLimiter(algorithm, LimitSpec.of(limit, window), clock);
    }

    private static long allowed(RateLimiter limiter, int attempts) {
        return IntStream.range(0, attempts)
                .filter(i -> limiter.tryAcquire(KEY).allowed())
                .count();
    }

    @Test
    @DisplayName("L3 L7: while the previous window still weighs, the counter's retry-at is when its weight has shrunk"
            + " enough: 1 us before refused, on it allowed")
    void slidingWindowCounterRetryAtWithinTheWindow() {
        RateLimiter limiter = limiter(Algorithm.SLIDING_WINDOW_COUNTER, 10, Duration.ofSeconds(10));
        assertThat(allowed(limiter, 10)).isEqualTo(10);
        clock.set(START.plusSeconds(13)); // 70 % of the previous 10 weigh: 3 more fit
        assertThat(allowed(limiter, 3)).isEqualTo(3);

        LimitDecision refused = limiter.tryAcquire(KEY);

        // 10 x 70 % + 3 = 10 in the window; with 3 in this one, the previous 10 must weigh 6: at 40 %, t = 14 s.
        assertThat(refused.inWindow()).isEqualTo(10);
        assertThat(refused.retryAtIfRefused()).contains(START.plusSeconds(14));
        clock.set(START.plusSeconds(14).minusNanos(1000));
        assertThat(limiter.tryAcquire(KEY).allowed()).isFalse();
        clock.set(START.plusSeconds(14));
        LimitDecision allowed = limiter.tryAcquire(KEY);
        assertThat(allowed.allowed()).isTrue();
        assertThat(allowed.inWindow()).isEqualTo(10);
    }

    @Test
    @DisplayName("L7: a sliding window counter counts the previous window only when it is the one just before")
    void slidingWindowCounterForgetsAWindowThatIsNotAdjacent() {
        RateLimiter limiter = limiter(Algorithm.SLIDING_WINDOW_COUNTER, 10, Duration.ofSeconds(10));
        assertThat(allowed(limiter, 10)).isEqualTo(10);

        clock.set(START.plusSeconds(21)); // two windows on: the full one is not the previous window

        assertThat(allowed(limiter, 12)).isEqualTo(10);
    }

    @Test
    @DisplayName("L7: a sliding window counter's estimate is the previous window's weighted count plus this one's")
    void slidingWindowCounterEstimateCountsBothWindows() {
        RateLimiter limiter = limiter(Algorithm.SLIDING_WINDOW_COUNTER, 10, Duration.ofSeconds(10));
        allowed(limiter, 4);
        clock.set(START.plusSeconds(15)); // half of the previous 4 weigh

        assertThat(limiter.tryAcquire(KEY).inWindow()).isEqualTo(3);
        assertThat(limiter.tryAcquire(KEY).inWindow()).isEqualTo(4);
    }

    @Test
    @DisplayName("L7: a token bucket on a clock that steps back loses no tokens and earns none twice")
    void tokenBucketOnAClockThatStepsBack() {
        RateLimiter limiter = limiter(Algorithm.TOKEN_BUCKET, 10, Duration.ofSeconds(10));
        assertThat(allowed(limiter, 5)).isEqualTo(5);

        clock.set(START.minusSeconds(5));
        assertThat(allowed(limiter, 20)).isEqualTo(5);

        clock.set(START.plusSeconds(1)); // one second after the latest instant seen: one token, not six
        assertThat(allowed(limiter, 20)).isEqualTo(1);
    }

    @Test
    @DisplayName("L3 L7: an empty token bucket refuses with all tokens in use and the retry-at of the next token")
    void emptyTokenBucketRefusal() {
        RateLimiter limiter = limiter(Algorithm.TOKEN_BUCKET, 4, Duration.ofSeconds(2));
        allowed(limiter, 4);
        clock.advance(Duration.ofMillis(100));

        LimitDecision refused = limiter.tryAcquire(KEY);

        // 100 ms earned a fifth of a token; the rest comes 400 ms later.
        assertThat(refused.inWindow()).isEqualTo(4);
        assertThat(refused.retryAtIfRefused()).contains(START.plusMillis(500));
    }

    @Test
    @DisplayName("L3 L7: a GCRA refusal counts the intervals in use and retries when the tolerance admits one more")
    void gcraRefusal() {
        RateLimiter limiter = limiter(Algorithm.GCRA, 4, Duration.ofSeconds(2));
        allowed(limiter, 4);
        clock.advance(Duration.ofMillis(100));

        LimitDecision refused = limiter.tryAcquire(KEY);

        assertThat(refused.inWindow()).isEqualTo(4);
        assertThat(refused.retryAtIfRefused()).contains(START.plusMillis(500));
    }

    @Test
    @DisplayName("L7: idle keys are swept on every 10,000th decision, not before")
    void idleKeysAreSweptEveryTenThousandDecisions() {
        InMemoryRateLimiter limiter = limiter(Algorithm.FIXED_WINDOW, 1, Duration.ofMillis(10));
        for (int i = 0; i < 9_998; i++) {
            limiter.tryAcquire(KEY);
        }
        clock.advance(Duration.ofSeconds(1)); // the key is idle long past two windows

        limiter.tryAcquire(LimitKey.of("bob", "gpt-4o")); // decision 9,999: no sweep yet
        assertThat(limiter.trackedKeys()).isEqualTo(2);
        limiter.tryAcquire(LimitKey.of("carol", "gpt-4o")); // decision 10,000: the sweep drops alice
        assertThat(limiter.trackedKeys()).isEqualTo(2);
        assertThat(limiter.tryAcquire(KEY).allowed()).isTrue();
        assertThat(limiter.trackedKeys()).isEqualTo(3);
    }
}
