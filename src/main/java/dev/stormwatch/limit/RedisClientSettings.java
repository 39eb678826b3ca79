package dev.stormwatch.limit;

import java.time.Duration;

/**
 * How the Jedis adapters talk to Redis: one timeout for connecting, reading and borrowing a pooled connection, so a
 * decision while Redis is away is bounded (spec L9), and the pool size.
 *
 * @param timeout        connect, socket-read and pool-wait timeout; default 50 ms
 * @param maxConnections connections in the pool (per node for a cluster); default 32, at most
 *     {@value #MAX_CONNECTIONS} (RB4: a run with thousands of clients needs more than 1,024)
 */
public record RedisClientSettings(Duration timeout, int maxConnections) {

    /** 50 ms: a limiter decision must stay fast while Redis is down (L9). */
    public static final RedisClientSettings DEFAULT = new RedisClientSettings(Duration.ofMillis(50), 32);

    /**
     * The largest pool: Redis's default {@code maxclients} is 10,000, and a pool is lazy (it opens only the connections
     * that are asked for at once), so this bounds a mistake, not a run (RB4).
     */
    public static final int MAX_CONNECTIONS = 10_000;

    /**
     * @throws LimiterConfigurationException if the timeout is not 1 ms to 60 s or maxConnections is not 1 to
     *     {@value #MAX_CONNECTIONS}
     */
    public RedisClientSettings {
        if (timeout == null || timeout.toMillis() < 1 || timeout.compareTo(Duration.ofSeconds(60)) > 0) {
            throw new LimiterConfigurationException("Redis timeout must be 1 ms to 60 s, was " + timeout);
        }
        if (maxConnections < 1 || maxConnections > MAX_CONNECTIONS) {
            throw new LimiterConfigurationException(
                    "Redis maxConnections must be 1 to " + MAX_CONNECTIONS + ", was " + maxConnections);
        }
    }

    /** Same pool, another timeout (a benchmark or a slow CI machine may want more than 50 ms). */
    public RedisClientSettings withTimeout(Duration newTimeout) {
        return new RedisClientSettings(newTimeout, maxConnections);
    }

    /** Same timeout, another pool size. */
    public RedisClientSettings withMaxConnections(int connections) {
        return new RedisClientSettings(timeout, connections);
    }

    int timeoutMillis() {
        return Math.toIntExact(timeout.toMillis());
    }
}
