package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the Redis limiter leaves in Redis and says about itself, on a real embedded Redis (L1, L5, L6): the sliding
 * log's key expiry, its members' per-limiter prefixes, which errors reload the script, and the
 * scripts themselves.
 */
class RedisRateLimiterEdgesTest {

    private static final LimitKey KEY = LimitKey.of("alice", "gpt-4o");

    @RegisterExtension
    static final EmbeddedRedisExtension REDIS = new EmbeddedRedisExtension().withPortPerTest();

    @Test
    @DisplayName("L1: a sliding-log key lives one second longer than its window, so an idle key goes away by itself")
    void slidingLogKeyOutlivesItsWindowByOneSecond() {
        RedisRateLimiter limiter =
                RedisRateLimiter.connect(Algorithm.SLIDING_LOG, LimitSpec.of(5, Duration.ofMinutes(1)), REDIS.port());

        limiter.tryAcquire(KEY);

        // Set to 61,000 ms by the script; read a moment later. A second short of that (or less) would be 59,000 at
        // most: the key would vanish while its newest entry still counted.
        assertThat(REDIS.client().pttl(KEY.redisKey())).isGreaterThan(59_000L).isLessThanOrEqualTo(61_000L);
    }

    @Test
    @DisplayName("L1 L6: every limiter on a key writes members under its own prefix, so none overwrites another's")
    void eachLimiterWritesUnderItsOwnPrefix() {
        LimitSpec spec = LimitSpec.of(100, Duration.ofMinutes(1));
        int limiters = 6;
        for (int i = 0; i < limiters; i++) {
            RedisRateLimiter.connect(Algorithm.SLIDING_LOG, spec, REDIS.port()).tryAcquire(KEY);
        }

        List<String> members = REDIS.client().zrange(KEY.redisKey(), 0, -1);

        Set<String> prefixes = new HashSet<>();
        for (String member : members) {
            String prefix = member.substring(0, member.indexOf(':'));
            // The prefix is a non-negative number in base 36 (63 random bits) and the sequence starts at 1.
            assertThat(prefix).matches("[0-9a-z]+");
            assertThat(member.substring(member.indexOf(':') + 1)).isEqualTo("1");
            prefixes.add(prefix);
        }
        assertThat(prefixes).hasSize(limiters);
    }

    @Test
    @DisplayName("L1 L5: an error other than NOSCRIPT reaches the caller as it is, with no reload and no retry")
    void anotherErrorIsNotAnsweredWithAReload() {
        RedisRateLimiter limiter =
                RedisRateLimiter.connect(Algorithm.SLIDING_LOG, LimitSpec.of(5, Duration.ofMinutes(1)), REDIS.port());
        REDIS.client().set(KEY.redisKey(), "someone else's value");

        assertThatThrownBy(() -> limiter.tryAcquire(KEY))
                .isInstanceOfSatisfying(
                        RedisCommandException.class,
                        e -> assertThat(e.isNoScript()).isFalse())
                .hasMessageContaining("WRONGTYPE");
        assertThat(limiter.scriptReloads()).isZero();
        assertThat(REDIS.client().get(KEY.redisKey())).isEqualTo("someone else's value");
    }

    @Test
    @DisplayName("L5: the benchmark's no-op script loads under its SHA and answers in the limiter's reply shape")
    void noopScriptAnswersInTheReplyShape() {
        LuaScript noop = LuaScript.noop();

        assertThat(noop.name()).isEqualTo("noop.lua");
        assertThat(REDIS.port().scriptLoad(noop.source(), KEY.redisKey())).isEqualTo(noop.sha());
        Verdict verdict = RedisReply.parse(
                REDIS.port().evalsha(noop.sha(), KEY.redisKey(), List.of()),
                REDIS.port().describe());
        assertThat(verdict).isEqualTo(Verdict.allow(0, 0));
        assertThat(REDIS.client().exists(KEY.redisKey())).isFalse();
    }

    @Test
    @DisplayName("L1: a script missing from the jar is an error that names where it was looked for")
    void aMissingScriptIsNamed() {
        assertThatThrownBy(() -> LuaScript.load("no_such_algorithm.lua"))
                .isInstanceOf(IllegalStateException.class)
                .hasMessage("Lua script missing from the jar: dev/stormwatch/limit/no_such_algorithm.lua");
    }
}
