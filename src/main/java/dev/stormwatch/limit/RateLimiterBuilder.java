package dev.stormwatch.limit;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;

/**
 * Builds a {@link RateLimiter}: in memory, or on Redis behind a failure mode (spec L1–L9). Every setting is checked
 * when it is set.
 *
 * <pre>{@code
 * RedisPort redis = JedisPooledPort.connect("redis://127.0.0.1:6379", RedisClientSettings.DEFAULT);
 * RateLimiter limiter = RateLimiterBuilder.of(Algorithm.SLIDING_LOG, LimitSpec.of(30, Duration.ofMinutes(1)))
 *         .redis(redis)
 *         .failureMode(FailureMode.LOCAL_FALLBACK)
 *         .metrics(metrics)
 *         .build();
 * }</pre>
 */
public final class RateLimiterBuilder {

    /** After a failure, Redis is skipped this long before one call probes it again (L9). */
    public static final Duration DEFAULT_RETRY_INTERVAL = Duration.ofSeconds(1);

    private final Algorithm algorithm;
    private final LimitSpec spec;
    private Clock clock = Clock.systemUTC();
    private LimiterMetrics metrics = LimiterMetrics.inMemory();
    private RedisPort redis;
    private FailureMode failureMode = FailureMode.LOCAL_FALLBACK;
    private Duration retryInterval = DEFAULT_RETRY_INTERVAL;
    private BackendStatusListener listener = status -> {};
    private int failureThreshold = 1;

    private RateLimiterBuilder(Algorithm algorithm, LimitSpec spec) {
        this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
        this.spec = Objects.requireNonNull(spec, "spec");
    }

    /** Starts a builder for one algorithm and limit. */
    public static RateLimiterBuilder of(Algorithm algorithm, LimitSpec spec) {
        return new RateLimiterBuilder(algorithm, spec);
    }

    /** The local clock: the in-memory algorithms and the outage interval use it; Redis scripts never do (L4). */
    public RateLimiterBuilder clock(Clock value) {
        this.clock = Objects.requireNonNull(value, "clock");
        return this;
    }

    /** Where decisions and backend failures are counted (L8). */
    public RateLimiterBuilder metrics(LimiterMetrics value) {
        this.metrics = Objects.requireNonNull(value, "metrics");
        return this;
    }

    /** Decide on this Redis (standalone, pooled or cluster); without it the limiter is in memory. */
    public RateLimiterBuilder redis(RedisPort value) {
        this.redis = Objects.requireNonNull(value, "redis");
        return this;
    }

    /** What to do while Redis is away (L9); default {@link FailureMode#LOCAL_FALLBACK}. */
    public RateLimiterBuilder failureMode(FailureMode value) {
        this.failureMode = Objects.requireNonNull(value, "failureMode");
        return this;
    }

    /**
     * How long Redis is skipped after a failure before one call probes it (L9); default 1 s.
     *
     * @throws LimiterConfigurationException if not 1 ms to 5 min
     */
    public RateLimiterBuilder retryInterval(Duration value) {
        if (value == null || value.toMillis() < 1 || value.compareTo(Duration.ofMinutes(5)) > 0) {
            throw new LimiterConfigurationException("retryInterval must be 1 ms to 5 min, was " + value);
        }
        this.retryInterval = value;
        return this;
    }

    /**
     * How many failed Redis calls in a row open the circuit (RB1); default 1. Below it, a failed or slow call decides
     * only its own request by the failure mode, and the next call asks Redis again.
     *
     * @throws LimiterConfigurationException if not 1 to 1,000
     */
    public RateLimiterBuilder failureThreshold(int value) {
        if (value < 1 || value > 1_000) {
            throw new LimiterConfigurationException("failureThreshold must be 1 to 1000, was " + value);
        }
        this.failureThreshold = value;
        return this;
    }

    /** Told when Redis goes away and comes back (L9). */
    public RateLimiterBuilder statusListener(BackendStatusListener value) {
        this.listener = Objects.requireNonNull(value, "statusListener");
        return this;
    }

    /**
     * Builds the limiter; with Redis, loads the script now (L5).
     *
     * @throws RedisUnavailableException if Redis cannot be reached at build time (see {@link #buildOrFallBackToMemory()})
     * @throws RedisCommandException if Redis refuses the script
     */
    public RateLimiter build() {
        if (redis == null) {
            return new MeteredRateLimiter(new InMemoryRateLimiter(algorithm, spec, clock), metrics);
        }
        return buildRedis();
    }

    /**
     * Builds the Redis limiter with its failure mode, typed so the caller can read {@link GuardedRateLimiter#status()}.
     *
     * @throws LimiterConfigurationException if no Redis was given
     * @throws RedisUnavailableException if Redis cannot be reached at build time
     * @throws RedisCommandException if Redis refuses the script
     */
    public GuardedRateLimiter buildRedis() {
        if (redis == null) {
            throw new LimiterConfigurationException("no Redis given: call redis(...) first, or build() for in memory");
        }
        RedisRateLimiter shared = RedisRateLimiter.connect(algorithm, spec, redis);
        return new GuardedRateLimiter(shared, failureMode, retryInterval, failureThreshold, clock, listener, metrics);
    }

    /**
     * Builds a Redis limiter whose Redis answers, or else (Redis unreachable at start) an in-memory one, telling the
     * listener why: the app's default path.
     */
    public RateLimiter buildOrFallBackToMemory() {
        try {
            return build();
        } catch (RedisUnavailableException | RedisCommandException e) {
            listener.onStatusChange(
                    new BackendStatus(false, e.getMessage() + "; using the in-memory limiter", clock.instant()));
            return new MeteredRateLimiter(new InMemoryRateLimiter(algorithm, spec, clock), metrics);
        }
    }
}
