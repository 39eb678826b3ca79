package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The contract on a real standalone Redis (embedded binaries), one server for the class, flushed between tests. */
class RedisRateLimiterTest extends RateLimiterContract {

    @RegisterExtension
    static final EmbeddedRedisExtension REDIS = new EmbeddedRedisExtension().withPortPerTest();

    @Override
    RateLimiter newLimiter(Algorithm algorithm, LimitSpec spec) {
        return RedisRateLimiter.connect(algorithm, spec, REDIS.port());
    }

    @Override
    void advanceTo(Instant instant) {
        RedisTime.awaitReaching(REDIS.client(), "any", instant);
    }

    @Override
    Instant backendNow() {
        return RedisTime.now(REDIS.client(), "any");
    }

    @Test
    @DisplayName("L1 L6: two sliding-log limiters on one key never write the same member, so each allowance is counted")
    void twoLimitersOnOneKeyCountEveryAllowance() {
        LimitSpec spec = LimitSpec.of(10, Duration.ofMinutes(1));
        LimitKey key = LimitKey.of("shared", "gpt-4o");
        RedisRateLimiter first = RedisRateLimiter.connect(Algorithm.SLIDING_LOG, spec, REDIS.port());
        RedisRateLimiter second = RedisRateLimiter.connect(Algorithm.SLIDING_LOG, spec, REDIS.port());

        long allowed = 0;
        for (int i = 0; i < 5; i++) {
            allowed += first.tryAcquire(key).allowed() ? 1 : 0;
            allowed += second.tryAcquire(key).allowed() ? 1 : 0;
        }

        // Both sequences run 1..5: a member shared by the two would overwrite, not add, and let an 11th through.
        assertThat(allowed).isEqualTo(10);
        assertThat(REDIS.client().zcard(key.redisKey())).isEqualTo(10);
        assertThat(first.tryAcquire(key).allowed()).isFalse();
        assertThat(second.tryAcquire(key).allowed()).isFalse();
    }
}
