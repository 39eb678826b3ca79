package dev.stormwatch.limit;

import java.time.Clock;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The app's default limiter store: an embedded redis-server on a loopback port, or, when it cannot start, none, so
 * limiters are built in memory and the UI and logs say why (spec L9). Closing it stops Redis.
 */
public final class LimiterBackend implements AutoCloseable {

    private static final Logger LOG = LoggerFactory.getLogger(LimiterBackend.class);

    private final EmbeddedRedis embedded;
    private final RedisPort redis;
    private final BackendStatusListener listener;

    private LimiterBackend(EmbeddedRedis embedded, RedisPort redis, BackendStatusListener listener) {
        this.embedded = embedded;
        this.redis = redis;
        this.listener = listener;
    }

    /**
     * Starts the embedded Redis; if it cannot start, tells the listener and logs why, and every limiter built from
     * this backend is in memory.
     */
    public static LimiterBackend embeddedOrInMemory(
            RedisClientSettings settings, Clock clock, BackendStatusListener listener) {
        return embeddedOrInMemory(EmbeddedRedis::start, settings, clock, listener);
    }

    /**
     * As {@link #embeddedOrInMemory(RedisClientSettings, Clock, BackendStatusListener)}, with the Redis started by
     * {@code starter}, which throws {@link EmbeddedRedisException} when it cannot start.
     */
    public static LimiterBackend embeddedOrInMemory(
            Supplier<EmbeddedRedis> starter,
            RedisClientSettings settings,
            Clock clock,
            BackendStatusListener listener) {
        Objects.requireNonNull(listener, "listener");
        try {
            EmbeddedRedis embedded = starter.get();
            return new LimiterBackend(embedded, embedded.connect(settings), listener);
        } catch (EmbeddedRedisException e) {
            LOG.warn("Rate limiter: {}; using the in-memory limiter", e.getMessage());
            listener.onStatusChange(new BackendStatus(false, e.getMessage(), clock.instant()));
            return new LimiterBackend(null, null, listener);
        }
    }

    /** A backend on an existing Redis (standalone or cluster port); closing it closes the port. */
    public static LimiterBackend on(RedisPort redis, BackendStatusListener listener) {
        return new LimiterBackend(
                null, Objects.requireNonNull(redis, "redis"), Objects.requireNonNull(listener, "listener"));
    }

    /** Builds a limiter on this backend's Redis with the builder's settings, or in memory when there is none. */
    public RateLimiter limiter(RateLimiterBuilder builder) {
        if (redis == null) {
            return builder.build();
        }
        return builder.redis(redis).statusListener(listener).buildOrFallBackToMemory();
    }

    /** The Redis in use, when there is one. */
    public Optional<RedisPort> redis() {
        return Optional.ofNullable(redis);
    }

    /** The embedded server, when this backend started one. */
    public Optional<EmbeddedRedis> embedded() {
        return Optional.ofNullable(embedded);
    }

    @Override
    public void close() {
        if (redis != null) {
            redis.close();
        }
        if (embedded != null) {
            embedded.close();
        }
    }
}
