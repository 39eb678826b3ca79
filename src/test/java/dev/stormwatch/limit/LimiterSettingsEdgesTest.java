package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The edges of every limiter setting: each bound is taken on both sides, and a refusal names the setting (L9: bad
 * settings fail when they are made; RB1 and RB4 bound the threshold and the pool).
 */
class LimiterSettingsEdgesTest {

    private static final LimitSpec SPEC = LimitSpec.of(3, Duration.ofMinutes(1));

    @Test
    @DisplayName("L9: a Redis port is 1 to 65535; 0 and 65536 are refused in the port's words")
    void redisPortBoundsAreOneAndSixtyFiveThousandFiveHundredThirtyFive() {
        assertThat(new RedisAddress("h", 1).port()).isEqualTo(1);
        assertThat(new RedisAddress("h", 65535).port()).isEqualTo(65535);
        assertThatThrownBy(() -> new RedisAddress("h", 0))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("Redis port must be 1 to 65535, was 0");
        assertThatThrownBy(() -> new RedisAddress("h", 65536))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("Redis port must be 1 to 65535, was 65536");
    }

    @Test
    @DisplayName("L9: a Redis host that is missing or blank is refused, saying what to give")
    void blankRedisHostIsRefused() {
        assertThatThrownBy(() -> new RedisAddress(null, 6379))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("Redis host is empty: give redis://host:port");
        assertThatThrownBy(() -> new RedisAddress(" ", 6379))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("Redis host is empty: give redis://host:port");
    }

    @Test
    @DisplayName("L9: a Redis URL reads its scheme in any case, a lone / as no path, and prints as redis://host:port")
    void redisUrlFormsThatAreAccepted() {
        RedisAddress upper = RedisAddress.parse("  REDIS://cache.internal:7000/ ");

        assertThat(upper).isEqualTo(new RedisAddress("cache.internal", 7000));
        assertThat(upper.url()).isEqualTo("redis://cache.internal:7000");
        assertThat(upper).hasToString("redis://cache.internal:7000");
    }

    @Test
    @DisplayName("L9: each malformed Redis URL is refused with the reason that fits it")
    void eachMalformedRedisUrlSaysWhy() {
        assertThatThrownBy(() -> RedisAddress.parse(null)).hasMessage("Redis URL is empty: give redis://host:port");
        assertThatThrownBy(() -> RedisAddress.parse("   ")).hasMessage("Redis URL is empty: give redis://host:port");
        assertThatThrownBy(() -> RedisAddress.parse("redis://host:6379/ 0"))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageStartingWith("Redis URL is not a URL: 'redis://host:6379/ 0' (");
        assertThatThrownBy(() -> RedisAddress.parse("rediss://host:6379"))
                .hasMessage("Redis URL must start with redis://, was 'rediss://host:6379'");
        assertThatThrownBy(() -> RedisAddress.parse("redis://user@host:6379"))
                .hasMessage("Redis URL must not carry credentials; it is shown in reports");
        assertThatThrownBy(() -> RedisAddress.parse("redis:///0")).hasMessage("Redis URL has no host: 'redis:///0'");
        assertThatThrownBy(() -> RedisAddress.parse("redis://host:6379?timeout=1"))
                .hasMessage("Redis URL must be just redis://host:port (database 0, no options), was"
                        + " 'redis://host:6379?timeout=1'");
        assertThatThrownBy(() -> RedisAddress.parse("redis://host:6379/0"))
                .hasMessageContaining("must be just redis://host:port");
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "  "})
    @DisplayName("L9: an empty Redis Cluster seed list is refused, saying what to give")
    void emptySeedListIsRefused(String seeds) {
        assertThatThrownBy(() -> RedisAddress.parseSeeds(seeds))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("Redis Cluster seed list is empty: give host:port,host:port");
        assertThatThrownBy(() -> RedisAddress.parseSeeds(null))
                .hasMessage("Redis Cluster seed list is empty: give host:port,host:port");
        assertThatThrownBy(() -> JedisClusterPort.connect(List.of(), RedisClientSettings.DEFAULT))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("Redis Cluster seed list is empty: give host:port,host:port");
    }

    @Test
    @DisplayName("L9 RB4: the Redis timeout is 1 ms to 60 s and the pool 1 to 10,000, each bound on both sides")
    void clientSettingsBoundsOnBothSides() {
        RedisClientSettings shortest = RedisClientSettings.DEFAULT.withTimeout(Duration.ofMillis(1));
        RedisClientSettings longest = RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(60));

        assertThat(shortest.timeoutMillis()).isEqualTo(1);
        assertThat(longest.timeoutMillis()).isEqualTo(60_000);
        assertThat(longest.maxConnections()).isEqualTo(32);
        assertThatThrownBy(() -> RedisClientSettings.DEFAULT.withTimeout(Duration.ofMillis(60_001)))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("Redis timeout must be 1 ms to 60 s, was PT1M0.001S");
        assertThatThrownBy(() -> RedisClientSettings.DEFAULT.withTimeout(Duration.ofNanos(999_999)))
                .hasMessageStartingWith("Redis timeout must be 1 ms to 60 s");
        assertThatThrownBy(() -> RedisClientSettings.DEFAULT.withTimeout(null))
                .hasMessage("Redis timeout must be 1 ms to 60 s, was null");

        RedisClientSettings one = RedisClientSettings.DEFAULT.withMaxConnections(1);
        assertThat(one.maxConnections()).isEqualTo(1);
        assertThat(one.timeout()).isEqualTo(Duration.ofMillis(50));
        assertThat(RedisClientSettings.DEFAULT
                        .withMaxConnections(RedisClientSettings.MAX_CONNECTIONS)
                        .maxConnections())
                .isEqualTo(10_000);
        assertThatThrownBy(() -> RedisClientSettings.DEFAULT.withMaxConnections(10_001))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("Redis maxConnections must be 1 to 10000, was 10001");
    }

    @Test
    @DisplayName("L9: the retry interval is 1 ms to 5 min, each bound on both sides, and missing is refused")
    void retryIntervalBoundsOnBothSides() {
        RateLimiterBuilder builder = RateLimiterBuilder.of(Algorithm.GCRA, SPEC);

        assertThat(builder.retryInterval(Duration.ofMillis(1))).isSameAs(builder);
        assertThat(builder.retryInterval(Duration.ofMinutes(5))).isSameAs(builder);
        assertThatThrownBy(() -> builder.retryInterval(Duration.ofMinutes(5).plusMillis(1)))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("retryInterval must be 1 ms to 5 min, was PT5M0.001S");
        assertThatThrownBy(() -> builder.retryInterval(Duration.ofNanos(999_999)))
                .hasMessageStartingWith("retryInterval must be 1 ms to 5 min");
        assertThatThrownBy(() -> builder.retryInterval(null))
                .hasMessage("retryInterval must be 1 ms to 5 min, was null");
    }

    @Test
    @DisplayName("L7: a limit over one request per microsecond is refused with the most the window can count")
    void aLimitOverOnePerMicrosecondSaysTheMost() {
        assertThat(LimitSpec.of(1_000, Duration.ofMillis(1)).limit()).isEqualTo(1_000);
        assertThatThrownBy(() -> LimitSpec.of(1_001, Duration.ofMillis(1)))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("limit 1001 per PT0.001S is more than one request per microsecond, which the limiters"
                        + " cannot count: give at most 1000 per PT0.001S, or a longer window for the same rate");
    }

    @Test
    @DisplayName("RB1: the failure threshold is 1 to 1,000, each bound on both sides")
    void failureThresholdBoundsOnBothSides() {
        RateLimiterBuilder builder = RateLimiterBuilder.of(Algorithm.GCRA, SPEC);

        assertThat(builder.failureThreshold(1)).isSameAs(builder);
        assertThat(builder.failureThreshold(1_000)).isSameAs(builder);
        assertThatThrownBy(() -> builder.failureThreshold(0))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("failureThreshold must be 1 to 1000, was 0");
        assertThatThrownBy(() -> builder.failureThreshold(1_001))
                .hasMessage("failureThreshold must be 1 to 1000, was 1001");
    }

    @Test
    @DisplayName("L9: a Redis limiter asked for without a Redis is refused, saying what to call")
    void buildRedisWithoutRedisIsRefused() {
        assertThatThrownBy(
                        () -> RateLimiterBuilder.of(Algorithm.SLIDING_LOG, SPEC).buildRedis())
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("no Redis given: call redis(...) first, or build() for in memory");
    }

    /** A Redis that loads every script under a SHA of its own. */
    private record DisagreeingPort() implements RedisPort {
        @Override
        public Object evalsha(String sha, String key, List<String> args) {
            throw new AssertionError("no script may run on a Redis that disagrees on its SHA");
        }

        @Override
        public String scriptLoad(String script, String key) {
            return "0".repeat(40);
        }

        @Override
        public String describe() {
            return "redis://stub:6379";
        }

        @Override
        public void close() {}
    }

    @Test
    @DisplayName("L5: a Redis that loads the script under another SHA is refused at build; the app's path falls back"
            + " to memory and says why")
    void aRedisThatDisagreesOnTheShaIsRefused() {
        FakeClock clock = FakeClock.atNewYear();
        List<BackendStatus> statuses = new CopyOnWriteArrayList<>();
        String expected = LuaScript.of(Algorithm.GCRA).sha();
        String why = "Redis at redis://stub:6379 loaded gcra.lua as " + "0".repeat(40) + ", expected " + expected;

        assertThatThrownBy(() -> RateLimiterBuilder.of(Algorithm.GCRA, SPEC)
                        .redis(new DisagreeingPort())
                        .build())
                .isInstanceOf(RedisCommandException.class)
                .hasMessage(why);
        RateLimiter limiter = RateLimiterBuilder.of(Algorithm.GCRA, SPEC)
                .clock(clock)
                .redis(new DisagreeingPort())
                .statusListener(statuses::add)
                .buildOrFallBackToMemory();

        assertThat(limiter.tryAcquire(LimitKey.of("alice", "gpt-4o")))
                .isEqualTo(new LimitDecision.Allowed(1, clock.instant(), DecisionSource.BACKEND));
        assertThat(statuses)
                .containsExactly(new BackendStatus(false, why + "; using the in-memory limiter", clock.instant()));
    }

    @Test
    @DisplayName(
            "L9: by default a Redis limiter falls back to memory, opens on the first failure, and probes after 1 s")
    void builderDefaults() {
        FakeClock clock = FakeClock.atNewYear();
        FlakyPort redis = new FlakyPort(clock);
        List<BackendStatus> statuses = new CopyOnWriteArrayList<>();
        GuardedRateLimiter limiter = RateLimiterBuilder.of(Algorithm.SLIDING_LOG, SPEC)
                .clock(clock)
                .redis(redis)
                .statusListener(statuses::add)
                .buildRedis();
        LimitKey key = LimitKey.of("alice", "gpt-4o");
        redis.set(FlakyPort.State.DOWN);

        assertThat(limiter.failureMode()).isEqualTo(FailureMode.LOCAL_FALLBACK);
        assertThat(limiter.tryAcquire(key).source()).isEqualTo(DecisionSource.LOCAL_FALLBACK);
        int callsAfterTheFirstFailure = redis.evalCalls.get();
        clock.advance(RateLimiterBuilder.DEFAULT_RETRY_INTERVAL.minusMillis(1));
        limiter.tryAcquire(key);
        assertThat(redis.evalCalls).hasValue(callsAfterTheFirstFailure);
        clock.advance(Duration.ofMillis(1));
        limiter.tryAcquire(key);
        assertThat(redis.evalCalls).hasValue(callsAfterTheFirstFailure + 1);
        assertThat(statuses).extracting(BackendStatus::reachable).containsExactly(false);
    }
}
