package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** Scripts are loaded once and called by SHA; a NOSCRIPT reloads and retries exactly once (L5). */
class ScriptReloadTest {

    private static final LimitKey KEY = LimitKey.of("alice", "gpt-4o");

    @RegisterExtension
    static final EmbeddedRedisExtension REDIS = new EmbeddedRedisExtension();

    @BeforeEach
    void flush() {
        REDIS.client().flushAll();
        REDIS.client().scriptFlush();
    }

    @Test
    @DisplayName("L5: connecting loads the script once, so the first call runs by SHA with no reload")
    void connectLoadsTheScriptOnce() {
        try (RedisPort port = REDIS.server().connect(RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(2)))) {
            RedisRateLimiter limiter =
                    RedisRateLimiter.connect(Algorithm.SLIDING_LOG, LimitSpec.of(5, Duration.ofMinutes(1)), port);

            assertThat(REDIS.client()
                            .scriptExists(LuaScript.of(Algorithm.SLIDING_LOG).sha(), "any"))
                    .isTrue();
            assertThat(limiter.tryAcquire(KEY).allowed()).isTrue();
            assertThat(limiter.scriptReloads()).isZero();
        }
    }

    @Test
    @DisplayName("L5: after SCRIPT FLUSH the next call reloads once, retries, and counts the request once")
    void scriptFlushIsAnsweredByOneReloadAndOneRetry() {
        try (RedisPort port = REDIS.server().connect(RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(2)))) {
            RedisRateLimiter limiter =
                    RedisRateLimiter.connect(Algorithm.SLIDING_LOG, LimitSpec.of(5, Duration.ofMinutes(1)), port);
            limiter.tryAcquire(KEY);

            REDIS.client().scriptFlush();
            LimitDecision decision = limiter.tryAcquire(KEY);

            assertThat(decision.allowed()).isTrue();
            assertThat(decision.inWindow()).isEqualTo(2);
            assertThat(limiter.scriptReloads()).isEqualTo(1);
            assertThat(REDIS.client().zcard(KEY.redisKey())).isEqualTo(2);
        }
    }

    @Test
    @DisplayName("L5: a Redis that keeps answering NOSCRIPT gets one reload, then a typed error, not a loop")
    void persistentNoScriptFailsAfterOneRetry() {
        AtomicInteger evalCalls = new AtomicInteger();
        AtomicInteger loads = new AtomicInteger();
        RedisPort forgetful = new RedisPort() {
            @Override
            public Object evalsha(String sha, String key, List<String> args) {
                evalCalls.incrementAndGet();
                throw RedisCommandException.noScript("NOSCRIPT No matching script", null);
            }

            @Override
            public String scriptLoad(String script, String key) {
                loads.incrementAndGet();
                return LuaScript.of(Algorithm.GCRA).sha();
            }

            @Override
            public String describe() {
                return "forgetful";
            }

            @Override
            public void close() {}
        };
        RedisRateLimiter limiter =
                RedisRateLimiter.connect(Algorithm.GCRA, LimitSpec.of(5, Duration.ofMinutes(1)), forgetful);

        assertThatThrownBy(() -> limiter.tryAcquire(KEY))
                .isInstanceOf(RedisCommandException.class)
                .satisfies(e ->
                        assertThat(((RedisCommandException) e).isNoScript()).isTrue());
        assertThat(evalCalls).hasValue(2);
        assertThat(loads).hasValue(2); // once at connect, once on NOSCRIPT
    }
}
