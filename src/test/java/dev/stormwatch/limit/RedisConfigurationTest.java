package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import redis.clients.jedis.JedisPooled;

/** Bad Redis settings fail at configuration time with a clear message; a Redis that errs counts nothing (L9). */
class RedisConfigurationTest {

    private static final LimitSpec SPEC = LimitSpec.of(3, Duration.ofMinutes(1));

    @ParameterizedTest
    @ValueSource(
            strings = {
                "",
                "http://127.0.0.1:6379",
                "redis://",
                "redis://127.0.0.1:99999",
                "redis://user:pw@host:6379",
                "redis://host:6379/2",
                "not a url"
            })
    void malformedRedisUrlsAreConfigurationErrors(String url) {
        assertThatThrownBy(() -> RedisAddress.parse(url))
                .isInstanceOf(LimiterConfigurationException.class)
                .message()
                .doesNotContain("pw");
    }

    @Test
    void wellFormedUrlsAndSeedListsParse() {
        assertThat(RedisAddress.parse("redis://127.0.0.1:6380")).isEqualTo(new RedisAddress("127.0.0.1", 6380));
        assertThat(RedisAddress.parse("redis://localhost").port()).isEqualTo(6379);
        assertThat(RedisAddress.parseSeeds("127.0.0.1:7000, redis://127.0.0.1:7001"))
                .containsExactly(new RedisAddress("127.0.0.1", 7000), new RedisAddress("127.0.0.1", 7001));
    }

    @Test
    void clientSettingsAreBounded() {
        assertThatThrownBy(() -> RedisClientSettings.DEFAULT.withTimeout(Duration.ZERO))
                .isInstanceOf(LimiterConfigurationException.class);
        assertThatThrownBy(() -> RedisClientSettings.DEFAULT.withMaxConnections(0))
                .isInstanceOf(LimiterConfigurationException.class);
        assertThatThrownBy(() -> RateLimiterBuilder.of(Algorithm.GCRA, SPEC).retryInterval(Duration.ZERO))
                .isInstanceOf(LimiterConfigurationException.class);
    }

    @Test
    @DisplayName("L9: an unreachable Redis URL fails the build at once with a typed error naming the address")
    void unreachableRedisFailsTheBuild() {
        int nobodyListens = EmbeddedRedis.freeLoopbackPort();
        try (RedisPort port =
                JedisPooledPort.connect("redis://127.0.0.1:" + nobodyListens, RedisClientSettings.DEFAULT)) {
            assertThatThrownBy(() -> RateLimiterBuilder.of(Algorithm.SLIDING_LOG, SPEC)
                            .redis(port)
                            .build())
                    .isInstanceOf(RedisUnavailableException.class)
                    .hasMessageContaining("Redis at redis://127.0.0.1:" + nobodyListens + " cannot be reached");
        }
    }

    @Test
    @DisplayName("L9: with Redis unreachable at start, the app's default path falls back to memory and says so")
    void unreachableRedisFallsBackToMemoryWhenAsked() {
        List<BackendStatus> statuses = new CopyOnWriteArrayList<>();
        int nobodyListens = EmbeddedRedis.freeLoopbackPort();
        try (RedisPort port =
                JedisPooledPort.connect("redis://127.0.0.1:" + nobodyListens, RedisClientSettings.DEFAULT)) {
            RateLimiter limiter = RateLimiterBuilder.of(Algorithm.SLIDING_LOG, SPEC)
                    .redis(port)
                    .statusListener(statuses::add)
                    .buildOrFallBackToMemory();

            assertThat(limiter.tryAcquire(LimitKey.of("alice", "m")).allowed()).isTrue();
            assertThat(statuses).singleElement().satisfies(s -> {
                assertThat(s.reachable()).isFalse();
                assertThat(s.detail()).contains("using the in-memory limiter");
            });
        }
    }

    @Test
    @DisplayName("L1 L9: a Redis that answers an error gives a typed error and counts nothing, for every algorithm")
    @SuppressWarnings("deprecation") // JedisPooled, deprecated in Jedis 7, talks to Redis directly as the port does
    void redisErrorCountsNothing() {
        try (EmbeddedRedis redis = EmbeddedRedis.start();
                JedisPooled jedis = new JedisPooled(
                        new redis.clients.jedis.HostAndPort("127.0.0.1", redis.port()), redis.clientConfig());
                RedisPort port = redis.connect(RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(2)))) {
            LimitKey key = LimitKey.of("alice", "gpt-4o");
            for (Algorithm algorithm : Algorithm.values()) {
                jedis.del(key.redisKey());
                jedis.rpush(key.redisKey(), "someone else's list");
                RedisRateLimiter bare = RedisRateLimiter.connect(algorithm, SPEC, port);
                GuardedRateLimiter guarded = RateLimiterBuilder.of(algorithm, SPEC)
                        .redis(port)
                        .failureMode(FailureMode.FAIL_CLOSED)
                        .buildRedis();

                assertThatThrownBy(() -> bare.tryAcquire(key))
                        .as(algorithm.name())
                        .isInstanceOf(RedisCommandException.class)
                        .hasMessageContaining("WRONGTYPE");
                assertThat(guarded.tryAcquire(key).source()).isEqualTo(DecisionSource.FAIL_CLOSED);
                assertThat(jedis.lrange(key.redisKey(), 0, -1)).containsExactly("someone else's list");
            }
        }
    }
}
