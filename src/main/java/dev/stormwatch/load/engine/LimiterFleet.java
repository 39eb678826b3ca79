package dev.stormwatch.load.engine;

import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.EmbeddedRedis;
import dev.stormwatch.limit.RedisAddress;
import dev.stormwatch.limit.RedisPassword;
import dev.stormwatch.limit.FailureMode;
import dev.stormwatch.limit.JedisPooledPort;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.LimiterException;
import dev.stormwatch.limit.RateLimiter;
import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.limit.RateLimiterBuilder;
import dev.stormwatch.limit.RedisClientSettings;
import dev.stormwatch.limit.RedisPort;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.RedisChoice;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The limiters of the K client instances of a run: none, one in-memory limiter each (which lets about K
 * times the limit through), or one Redis limiter each on the same Redis and the same key, which holds it (L6).
 *
 * <p>Redis limiters fail closed (L9): when Redis goes away mid-run nothing more is sent, and the run is told why, so
 * that it stops with a partial report instead of guessing.
 */
final class LimiterFleet implements AutoCloseable {

    /** Short, so that a lost Redis is noticed within a fraction of a second, not after the run. */
    private static final RedisClientSettings REDIS_SETTINGS =
            new RedisClientSettings(Duration.ofMillis(250), 8);

    private final List<Optional<RateLimiter>> limiters;
    private final List<RedisPort> ports;
    private final Optional<EmbeddedRedis> embedded;
    private final String description;

    private LimiterFleet(List<Optional<RateLimiter>> limiters, List<RedisPort> ports, Optional<EmbeddedRedis> embedded,
            String description) {
        this.limiters = List.copyOf(limiters);
        this.ports = List.copyOf(ports);
        this.embedded = embedded;
        this.description = description;
    }

    /**
     * Builds one limiter per instance.
     *
     * @param concurrentDecisions the most decisions the run can ask for at once (its worker threads and the threads
     *     that start requests): each Redis pool gets as many connections, so that no decision waits for one. A pool
     *     smaller than that made busy runs wait past the timeout and stop as if Redis were lost.
     * @param onRedisLost told the first time a Redis limiter finds Redis unreachable
     * @throws LimiterException when Redis cannot be started or reached before the run (the run then reports why)
     */
    static LimiterFleet build(LimiterChoice choice, RedisChoice redis, int instances, LimitSpec spec, Clock clock,
            int concurrentDecisions, LimiterMetrics metrics, java.util.function.Consumer<String> onRedisLost) {
        List<Optional<RateLimiter>> limiters = new ArrayList<>();
        if (choice == LimiterChoice.OFF) {
            for (int i = 0; i < instances; i++) {
                limiters.add(Optional.empty());
            }
            return new LimiterFleet(limiters, List.of(), Optional.empty(), "no limiter");
        }
        Algorithm algorithm = Algorithm.valueOf(choice.name());
        if (redis instanceof RedisChoice.LocalOnly) {
            for (int i = 0; i < instances; i++) {
                limiters.add(Optional.of(RateLimiterBuilder.of(algorithm, spec).clock(clock).metrics(metrics).build()));
            }
            return new LimiterFleet(limiters, List.of(), Optional.empty(),
                    instances + " local " + choice.cliName() + " limiter(s) of " + describe(spec) + ", one per instance");
        }
        Optional<EmbeddedRedis> started = redis instanceof RedisChoice.Embedded
                ? Optional.of(EmbeddedRedis.start()) : Optional.empty();
        List<RedisPort> ports = new ArrayList<>();
        try {
            RedisAddress address = started.map(EmbeddedRedis::address)
                    .orElseGet(() -> RedisAddress.parse(((RedisChoice.External) redis).url().toString()));
            Optional<RedisPassword> password = started.map(EmbeddedRedis::password)
                    .or(() -> ((RedisChoice.External) redis).password());
            for (int i = 0; i < instances; i++) {
                RedisPort port = JedisPooledPort.connect(address, password, REDIS_SETTINGS.withMaxConnections(
                        Math.min(1024, Math.max(REDIS_SETTINGS.maxConnections(), concurrentDecisions))));
                ports.add(port);
                limiters.add(Optional.of(RateLimiterBuilder.of(algorithm, spec)
                        .clock(clock)
                        .metrics(metrics)
                        .redis(port)
                        // L9: while Redis is away nothing is sent; the run stops and says so.
                        .failureMode(FailureMode.FAIL_CLOSED)
                        .statusListener(status -> {
                            if (!status.reachable()) {
                                onRedisLost.accept("Redis lost mid-run: " + status.detail());
                            }
                        })
                        .buildRedis()));
            }
        } catch (RuntimeException e) {
            ports.forEach(RedisPort::close);
            started.ifPresent(EmbeddedRedis::close);
            throw e;
        }
        return new LimiterFleet(limiters, ports, started, instances + " " + choice.cliName() + " limiter(s) of "
                + describe(spec) + " sharing one Redis (" + redis.describe() + ") and one key");
    }

    /** True when the limiters ask Redis: each decision is then a blocking round trip. */
    boolean usesRedis() {
        return !ports.isEmpty();
    }

    /** The limiter of instance {@code i}, if any. */
    Optional<RateLimiter> limiterOf(int instance) {
        return limiters.get(instance);
    }

    /** The embedded Redis, when the run started one (tests stop it to lose Redis mid-run). */
    Optional<EmbeddedRedis> embeddedRedis() {
        return embedded;
    }

    /** One line for the report's notes. */
    String describe() {
        return description;
    }

    private static String describe(LimitSpec spec) {
        return spec.limit() + " per " + spec.window().toMillis() + " ms";
    }

    @Override
    public void close() {
        ports.forEach(RedisPort::close);
        embedded.ifPresent(EmbeddedRedis::close);
    }
}
