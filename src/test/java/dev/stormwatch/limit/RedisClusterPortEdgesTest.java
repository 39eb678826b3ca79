package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;
import redis.clients.jedis.util.JedisClusterCRC16;

/**
 * The Redis Cluster port at its edges, on a real three-master cluster whose nodes ask for no password (L2, L9): the
 * seed list as typed, what the port says it points at, and that closing it closes its connections to every master.
 */
class RedisClusterPortEdgesTest {

    private static final RedisClientSettings SETTINGS = RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(2));

    private static EmbeddedRedisCluster cluster;

    @BeforeAll
    static void startClusterWithoutPassword() {
        cluster = EmbeddedRedisCluster.start();
        // The nodes start with a password; "nopass" lets any client in, as a cluster without requirepass does.
        for (int i = 0; i < cluster.size(); i++) {
            try (Jedis jedis = cluster.jedis(i)) {
                jedis.aclSetUser("default", "nopass");
            }
        }
    }

    /** A client of one master that sends no password, as the port under test does not. */
    private static Jedis node(int master) {
        String seed = cluster.seeds().split(",")[master];
        return new Jedis(new HostAndPort("127.0.0.1", Integer.parseInt(seed.substring(seed.indexOf(':') + 1))));
    }

    @BeforeEach
    void flush() {
        for (int i = 0; i < cluster.size(); i++) {
            try (Jedis jedis = node(i)) {
                jedis.flushAll();
            }
        }
    }

    @AfterAll
    static void stopCluster() {
        if (cluster != null) {
            cluster.close();
        }
    }

    /** One key per master: slots are spread evenly over the three, in order. */
    private static Map<Integer, LimitKey> oneKeyPerMaster() {
        Map<Integer, LimitKey> keys = new HashMap<>();
        for (int i = 0; keys.size() < cluster.size(); i++) {
            LimitKey key = LimitKey.of("user" + i, "gpt-4o");
            keys.putIfAbsent(JedisClusterCRC16.getSlot(key.redisKey()) * cluster.size() / 16384, key);
        }
        return keys;
    }

    /** Connections on every master whose last command was a script call: the limiter's, never this test's. */
    private static int scriptConnections() {
        int count = 0;
        for (int i = 0; i < cluster.size(); i++) {
            try (Jedis jedis = node(i)) {
                for (String client : jedis.clientList().split("\n")) {
                    count += client.contains(" cmd=evalsha ") ? 1 : 0;
                }
            }
        }
        return count;
    }

    @Test
    @DisplayName("L2 L9: a cluster is reached from its seed list as typed, and the port names every seed as a URL")
    void aSeedListAsTypedReachesTheCluster() {
        try (JedisClusterPort port = JedisClusterPort.connect(cluster.seeds(), SETTINGS)) {
            RedisRateLimiter limiter =
                    RedisRateLimiter.connect(Algorithm.SLIDING_LOG, LimitSpec.of(1, Duration.ofMinutes(1)), port);

            for (LimitKey key : oneKeyPerMaster().values()) {
                assertThat(limiter.tryAcquire(key).allowed()).isTrue();
                assertThat(limiter.tryAcquire(key).allowed()).isFalse();
            }
            String expected = Arrays.stream(cluster.seeds().split(","))
                    .map(seed -> "redis://" + seed)
                    .collect(Collectors.joining(","));
            assertThat(port.describe()).isEqualTo(expected).startsWith("redis://127.0.0.1:");
            assertThat(limiter.describeBackend()).isEqualTo(expected);
        }
    }

    @Test
    @DisplayName("L9: closing the cluster port closes its connections to every master")
    void closingThePortClosesItsConnections() {
        JedisClusterPort port = JedisClusterPort.connect(cluster.seeds(), SETTINGS);
        RedisRateLimiter limiter =
                RedisRateLimiter.connect(Algorithm.GCRA, LimitSpec.of(5, Duration.ofMinutes(1)), port);
        for (LimitKey key : oneKeyPerMaster().values()) {
            limiter.tryAcquire(key);
        }
        assertThat(scriptConnections()).isGreaterThanOrEqualTo(cluster.size());

        port.close();

        // Redis drops a closed connection when it reads the end of its stream, within milliseconds: wait for that.
        // The bound is only where the wait gives up; it stays short so that a port left open fails as a failed
        // assertion, not as a test that outlives PIT's timeout.
        long giveUp = System.nanoTime() + Duration.ofSeconds(5).toNanos();
        while (scriptConnections() > 0 && System.nanoTime() < giveUp) {
            LockSupport.parkNanos(Duration.ofMillis(50).toNanos());
        }
        assertThat(scriptConnections()).isZero();
    }
}
