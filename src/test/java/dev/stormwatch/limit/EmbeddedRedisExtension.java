package dev.stormwatch.limit;

import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;

/**
 * One embedded Redis for a test class, started before its first test and closed after its last, with a direct client
 * for the tests to look inside it (flush, read a key, drop the scripts). Register it as a static field with
 * {@code @RegisterExtension}.
 */
// The tests talk to Redis directly with JedisPooled, deprecated in Jedis 7, as the port under test does.
@SuppressWarnings("deprecation")
final class EmbeddedRedisExtension implements BeforeAllCallback, AfterAllCallback {

    private EmbeddedRedis server;
    private JedisPooled client;

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

    /** The running Redis, to connect the port under test to. */
    EmbeddedRedis server() {
        return server;
    }

    /** A direct client of the running Redis, for what a test sets up or checks behind the port's back. */
    JedisPooled client() {
        return client;
    }
}
