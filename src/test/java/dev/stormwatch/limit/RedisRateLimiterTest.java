package dev.stormwatch.limit;

import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.BeforeEach;
import redis.clients.jedis.JedisPooled;

/** The contract on a real standalone Redis (embedded binaries), one server for the class, flushed between tests. */
class RedisRateLimiterTest extends RateLimiterContract {

    private static EmbeddedRedis redis;
    private static JedisPooled jedis;
    private RedisPort port;

    @BeforeAll
    static void startRedis() {
        redis = EmbeddedRedis.start();
        jedis = new JedisPooled("127.0.0.1", redis.port());
    }

    @AfterAll
    static void stopRedis() {
        jedis.close();
        redis.close();
    }

    @BeforeEach
    void flush() {
        jedis.flushAll();
        // A generous timeout: this class proves the algorithms, not the outage path, on a shared 2-core machine.
        port = JedisPooledPort.connect(redis.url(), RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(2)));
    }

    @AfterEach
    void closePort() {
        port.close();
    }

    @Override
    RateLimiter newLimiter(Algorithm algorithm, LimitSpec spec) {
        return RedisRateLimiter.connect(algorithm, spec, port, "test");
    }

    @Override
    void advanceTo(Instant instant) {
        RedisTime.awaitReaching(jedis, "any", instant);
    }

    @Override
    Instant backendNow() {
        return RedisTime.now(jedis, "any");
    }
}
