package dev.stormwatch.limit;

import java.time.Duration;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.BeforeEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;

/**
 * One embedded Redis for a test class, started before its first test and closed after its last, with a direct client
 * for the tests to look inside it (flush, read a key, drop the scripts). Register it as a static field with
 * {@code @RegisterExtension}. {@link #withPortPerTest()} also empties Redis before each test and gives it a fresh port
 * of its own ({@link #port()}), closed after it.
 */
// The tests talk to Redis directly with JedisPooled, deprecated in Jedis 7, as the port under test does.
@SuppressWarnings("deprecation")
final class EmbeddedRedisExtension
        implements BeforeAllCallback, AfterAllCallback, BeforeEachCallback, AfterEachCallback {

    /** Generous: the tests prove the algorithms, not the outage path, on a shared 2-core machine. */
    private static final RedisClientSettings PORT_SETTINGS =
            RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(2));

    private EmbeddedRedis server;
    private JedisPooled client;
    private boolean portPerTest;
    private RedisPort port;

    /** Empties Redis before each test and connects a port for it, closed after it. */
    EmbeddedRedisExtension withPortPerTest() {
        portPerTest = true;
        return this;
    }

    @Override
    public void beforeAll(ExtensionContext context) {
        server = EmbeddedRedis.start();
        client = new JedisPooled(new HostAndPort("127.0.0.1", server.port()), server.clientConfig());
    }

    @Override
    public void afterAll(ExtensionContext context) {
        client.close();
        server.close();
    }

    @Override
    public void beforeEach(ExtensionContext context) {
        if (portPerTest) {
            client.flushAll();
            port = server.connect(PORT_SETTINGS);
        }
    }

    @Override
    public void afterEach(ExtensionContext context) {
        if (port != null) {
            port.close();
            port = null;
        }
    }

    /** The port of the running test (with {@link #withPortPerTest()}). */
    RedisPort port() {
        if (port == null) {
            throw new IllegalStateException("no port: register the extension withPortPerTest()");
        }
        return port;
    }

    /** The running Redis, to connect the port under test to. */
    EmbeddedRedis server() {
        return server;
    }

    /** A direct client of the running Redis, for what a test sets up or checks behind the port's back. */
    JedisPooled client() {
        return client;
    }
}
