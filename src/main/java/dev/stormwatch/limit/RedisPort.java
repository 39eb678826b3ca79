package dev.stormwatch.limit;

import java.util.List;

/**
 * The few Redis commands the limiter needs, behind one narrow port so that standalone, pooled and cluster clients
 * fit (spec L1, L5; docs/style.md §5). Adapters translate their client's exceptions into {@link LimiterException}s.
 */
public interface RedisPort extends AutoCloseable {

    /**
     * Runs a loaded script by its SHA-1 on the node that holds {@code key} (L5).
     *
     * @throws RedisCommandException with {@link RedisCommandException#isNoScript()} when Redis lost the script
     * @throws RedisCommandException when Redis answers another error
     * @throws RedisUnavailableException when Redis cannot be reached in time
     */
    Object evalsha(String sha, String key, List<String> args);

    /**
     * Loads a script on the node that holds {@code key} and returns its SHA-1 (L5).
     *
     * @throws RedisCommandException when Redis refuses the script
     * @throws RedisUnavailableException when Redis cannot be reached in time
     */
    String scriptLoad(String script, String key);

    /** Where this port points, for reports: {@code redis://127.0.0.1:6379} or a cluster seed list. Never secrets. */
    String describe();

    /** Closes the client and its connections. */
    @Override
    void close();
}
