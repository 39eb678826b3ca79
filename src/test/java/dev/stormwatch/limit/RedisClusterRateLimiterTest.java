package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.time.Duration;
import java.time.Instant;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.util.JedisClusterCRC16;

/** The contract on a real three-master Redis Cluster started from the embedded binaries (L2, L5). */
@WaitsBesideOtherTests
// One cluster for the class, flushed before each test: its tests run one at a time, beside the first lane.
@ResourceLock("RedisClusterRateLimiterTest.cluster")
class RedisClusterRateLimiterTest extends RateLimiterContract {

    private static EmbeddedRedisCluster cluster;
    // The test talks to Redis directly with JedisCluster, deprecated in Jedis 7, as the port under test does.
    @SuppressWarnings("deprecation")
    private static JedisCluster jedis;

    private RedisPort port;

    @BeforeAll
    @SuppressWarnings("deprecation") // JedisCluster, as the field above
    static void startCluster() {
        cluster = EmbeddedRedisCluster.start();
        jedis = new JedisCluster(
                Set.of(new redis.clients.jedis.HostAndPort(
                        "127.0.0.1",
                        Integer.parseInt(cluster.seeds().split(",")[0].split(":")[1]))),
                redis.clients.jedis.DefaultJedisClientConfig.builder()
                        .password(cluster.password().reveal())
                        .build());
    }

    @AfterAll
    static void stopCluster() {
        if (jedis != null) {
            jedis.close();
        }
        if (cluster != null) {
            cluster.close();
        }
    }

    @BeforeEach
    void flush() {
        cluster.flushAll();
        port = JedisClusterPort.connect(
                RedisAddress.parseSeeds(cluster.seeds()),
                java.util.Optional.of(cluster.password()),
                RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(2)));
    }

    @AfterEach
    void closePort() {
        port.close();
    }

    @Override
    RateLimiter newLimiter(Algorithm algorithm, LimitSpec spec) {
        return RedisRateLimiter.connect(algorithm, spec, port);
    }

    @Override
    void advanceTo(Instant instant) {
        // Masters share the host's clock here; read the one that owns the test key's slot.
        RedisTime.awaitReaching(jedis, LimitKey.of("alice", "gpt-4o").redisKey(), instant);
    }

    @Override
    Instant backendNow() {
        return RedisTime.now(jedis, LimitKey.of("alice", "gpt-4o").redisKey());
    }

    @Test
    @DisplayName("L2 L5: keys spread over all three masters; each master loads the script on its first NOSCRIPT")
    void keysOnEveryMasterWorkAndLoadTheScriptOnce() {
        cluster.flushScripts();
        RedisRateLimiter limiter = RedisRateLimiter.connect(Algorithm.SLIDING_LOG, LimitSpec.of(1, LONG_WINDOW), port);
        Set<Integer> masters = new HashSet<>();
        for (int i = 0; i < 60; i++) {
            LimitKey key = LimitKey.of("user" + i, "gpt-4o");
            masters.add(JedisClusterCRC16.getSlot(key.redisKey()) * 3 / 16384);
            assertThat(limiter.tryAcquire(key).allowed()).isTrue();
            assertThat(limiter.tryAcquire(key).allowed()).isFalse();
        }
        assertThat(masters).hasSize(3);
        // Loaded at connect on one master; the two others answered NOSCRIPT once each.
        assertThat(limiter.scriptReloads()).isEqualTo(2);
    }

    @Test
    @DisplayName("L2: the hash tag puts a principal-model key in the slot of {principal:model}")
    void hashTagDecidesTheSlot() {
        LimitKey key = LimitKey.of("alice", "gpt-4o");
        assertThat(JedisClusterCRC16.getSlot(key.redisKey())).isEqualTo(JedisClusterCRC16.getSlot("alice:gpt-4o"));
    }
}
