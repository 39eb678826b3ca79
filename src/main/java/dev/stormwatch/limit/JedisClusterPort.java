package dev.stormwatch.limit;

import java.time.Duration;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisCluster;
import redis.clients.jedis.exceptions.JedisException;

/**
 * The {@link RedisPort} over Redis Cluster ({@link JedisCluster}): every call is routed by its key's hash slot, so a
 * key's script runs on the master that owns {@code {principal:model}} (spec L2, L5, L9).
 */
public final class JedisClusterPort implements RedisPort {

    /** One redirect or reconnect at most: a decision must stay bounded while a node is away (L9). */
    private static final int MAX_ATTEMPTS = 2;

    // JedisCluster is deprecated in Jedis 7 for RedisClusterClient; moving to it is its own change (pool, retries,
    // tests).
    @SuppressWarnings("deprecation")
    private final JedisCluster cluster;

    private final String where;

    @SuppressWarnings("deprecation") // JedisCluster, as the field above
    private JedisClusterPort(JedisCluster cluster, String where) {
        this.cluster = cluster;
        this.where = where;
    }

    /**
     * Connects to a cluster from its seed list ({@code host:port,host:port}); Jedis reads the slot map at once.
     *
     * @throws LimiterConfigurationException if the seed list is malformed
     * @throws RedisUnavailableException if no seed answers
     */
    public static JedisClusterPort connect(String seeds, RedisClientSettings settings) {
        return connect(RedisAddress.parseSeeds(seeds), settings);
    }

    /** Connects to a cluster from its seed addresses. */
    public static JedisClusterPort connect(List<RedisAddress> seeds, RedisClientSettings settings) {
        return connect(seeds, java.util.Optional.empty(), settings);
    }

    /** Connects to a cluster whose nodes share one password, when one is given. */
    public static JedisClusterPort connect(
            List<RedisAddress> seeds, java.util.Optional<RedisPassword> password, RedisClientSettings settings) {
        if (seeds.isEmpty()) {
            throw new LimiterConfigurationException("Redis Cluster seed list is empty: give host:port,host:port");
        }
        Set<HostAndPort> nodes = new HashSet<>();
        seeds.forEach(seed -> nodes.add(new HostAndPort(seed.host(), seed.port())));
        var config = DefaultJedisClientConfig.builder()
                .connectionTimeoutMillis(settings.timeoutMillis())
                .socketTimeoutMillis(settings.timeoutMillis());
        password.ifPresent(p -> config.password(p.reveal()));
        DefaultJedisClientConfig client = config.build();
        String where = seeds.stream().map(RedisAddress::url).collect(Collectors.joining(","));
        Duration retriesBound = settings.timeout().multipliedBy(MAX_ATTEMPTS);
        try {
            @SuppressWarnings("deprecation") // JedisCluster, as the field above
            JedisCluster cluster =
                    new JedisCluster(nodes, client, MAX_ATTEMPTS, retriesBound, JedisPooledPort.poolConfig(settings));
            return new JedisClusterPort(cluster, where);
        } catch (JedisException e) {
            throw JedisFailures.translate(e, where);
        }
    }

    @Override
    public Object evalsha(String sha, String key, List<String> args) {
        try {
            return cluster.evalsha(sha, List.of(key), args);
        } catch (JedisException e) {
            throw JedisFailures.translate(e, where);
        }
    }

    @Override
    public String scriptLoad(String script, String key) {
        try {
            // Loaded on the master that owns the key's slot; other masters load it on their first NOSCRIPT (L5).
            return cluster.scriptLoad(script, key);
        } catch (JedisException e) {
            throw JedisFailures.translate(e, where);
        }
    }

    @Override
    public String describe() {
        return where;
    }

    @Override
    public void close() {
        cluster.close();
    }
}
