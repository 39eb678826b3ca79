package dev.stormwatch.limit;

import java.time.Duration;
import java.util.List;
import redis.clients.jedis.Connection;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;
import redis.clients.jedis.exceptions.JedisException;
import redis.clients.jedis.util.Pool;

/** The {@link RedisPort} over a pooled standalone Redis ({@link JedisPooled}), with bounded waits (spec L5, L9). */
public final class JedisPooledPort implements RedisPort {

    // JedisPooled is deprecated in Jedis 7 for RedisClient; moving to it is its own change (pool settings, tests).
    @SuppressWarnings("deprecation")
    private final JedisPooled jedis;

    private final String where;

    @SuppressWarnings("deprecation") // JedisPooled, as the field above
    private JedisPooledPort(JedisPooled jedis, String where) {
        this.jedis = jedis;
        this.where = where;
    }

    /**
     * Connects lazily to {@code redis://host:port}: nothing is sent until the first command.
     *
     * @throws LimiterConfigurationException if the URL is not a Redis URL
     */
    public static JedisPooledPort connect(String url, RedisClientSettings settings) {
        return connect(RedisAddress.parse(url), settings);
    }

    /** Connects lazily to one Redis server that requires no password. */
    public static JedisPooledPort connect(RedisAddress address, RedisClientSettings settings) {
        return connect(address, java.util.Optional.empty(), settings);
    }

    /** Connects lazily to one Redis server, authenticating with the password when one is given. */
    public static JedisPooledPort connect(
            RedisAddress address, java.util.Optional<RedisPassword> password, RedisClientSettings settings) {
        var config = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(settings.timeoutMillis())
                .socketTimeoutMillis(settings.timeoutMillis());
        password.ifPresent(p -> config.password(p.reveal()));
        DefaultJedisClientConfig client = config.build();
        @SuppressWarnings("deprecation") // JedisPooled, as the field above
        JedisPooled jedis =
                new JedisPooled(poolConfig(settings), new HostAndPort(address.host(), address.port()), client);
        return new JedisPooledPort(jedis, address.url());
    }

    /** A pool that never waits longer than the timeout for a connection, so a dead Redis cannot hang callers. */
    static ConnectionPoolConfig poolConfig(RedisClientSettings settings) {
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(settings.maxConnections());
        pool.setMaxIdle(settings.maxConnections());
        pool.setMinIdle(0);
        pool.setBlockWhenExhausted(true);
        pool.setMaxWait(settings.timeout());
        pool.setTestOnBorrow(false);
        // Broken connections are dropped when they fail; an idle sweep would only add traffic.
        pool.setTimeBetweenEvictionRuns(Duration.ofSeconds(30));
        return pool;
    }

    @Override
    public Object evalsha(String sha, String key, List<String> args) {
        try {
            return jedis.evalsha(sha, List.of(key), args);
        } catch (JedisException e) {
            throw failed(e);
        }
    }

    @Override
    public String scriptLoad(String script, String key) {
        try {
            return jedis.scriptLoad(script);
        } catch (JedisException e) {
            throw failed(e);
        }
    }

    /**
     * L9: when one connection finds Redis gone, the idle ones died with it (a restart drops them all). Dropping them
     * now lets the next probe open a fresh connection, instead of each probe interval finding one more dead one.
     */
    private LimiterException failed(JedisException e) {
        LimiterException translated = JedisFailures.translate(e, where);
        if (translated instanceof RedisUnavailableException) {
            jedis.getPool().clear();
        }
        return translated;
    }

    /** The most connections the pool opens at once (RB4): the settings' {@code maxConnections}, as the pool holds it. */
    public int maxConnections() {
        return ((org.apache.commons.pool2.impl.GenericObjectPool<?>) jedis.getPool()).getMaxTotal();
    }

    /** The connection pool, for tests that fill it. */
    Pool<Connection> pool() {
        return jedis.getPool();
    }

    @Override
    public String describe() {
        return where;
    }

    @Override
    public void close() {
        jedis.close();
    }
}
