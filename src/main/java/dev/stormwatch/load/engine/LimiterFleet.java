package dev.stormwatch.load.engine;

import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.EmbeddedRedis;
import dev.stormwatch.limit.JedisPooledPort;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.LimiterException;
import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.limit.RateLimiter;
import dev.stormwatch.limit.RateLimiterBuilder;
import dev.stormwatch.limit.RedisAddress;
import dev.stormwatch.limit.RedisClientSettings;
import dev.stormwatch.limit.RedisPassword;
import dev.stormwatch.limit.RedisPort;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.RedisChoice;
import dev.stormwatch.load.options.RedisFailureHandling;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The limiters of the K client instances of a run: none, one in-memory limiter each (which lets about K
 * times the limit through), or one Redis limiter each on the same Redis and the same key, which holds it (L6).
 *
 * <p>Redis limiters follow the run's failure mode (L9, fail closed unless chosen otherwise) while Redis is slow or away,
 * and count those decisions (RB3). Only a Redis unreachable for the run's whole outage limit stops the run (RB2), with
 * a partial report that says why; a slow answer or a restart is ridden through.
 */
final class LimiterFleet implements AutoCloseable {

    /** Short, so that a lost Redis is noticed within a fraction of a second, not after the run. */
    private static final RedisClientSettings REDIS_SETTINGS = new RedisClientSettings(Duration.ofMillis(250), 8);

    private final List<Optional<RateLimiter>> limiters;
    private final List<RedisPort> ports;
    private final Optional<EmbeddedRedis> embedded;
    private final String description;
    private final Optional<RedisDegradation> degradation;
    private final Optional<java.util.concurrent.ScheduledExecutorService> outageTimer;

    private LimiterFleet(
            List<Optional<RateLimiter>> limiters,
            List<RedisPort> ports,
            Optional<EmbeddedRedis> embedded,
            String description) {
        this(limiters, ports, embedded, description, Optional.empty(), Optional.empty());
    }

    private LimiterFleet(
            List<Optional<RateLimiter>> limiters,
            List<RedisPort> ports,
            Optional<EmbeddedRedis> embedded,
            String description,
            Optional<RedisDegradation> degradation,
            Optional<java.util.concurrent.ScheduledExecutorService> outageTimer) {
        this.limiters = List.copyOf(limiters);
        this.ports = List.copyOf(ports);
        this.embedded = embedded;
        this.description = description;
        this.degradation = degradation;
        this.outageTimer = outageTimer;
    }

    /**
     * How a run gets its fleet: {@link #build} on real Redis; a run on simulated time gives a shared choice one store
     * that reads its clock, since Redis keeps its own time (decision 0039).
     */
    @FunctionalInterface
    interface Start {
        LimiterFleet build(
                LimiterChoice choice,
                RedisChoice redis,
                RedisFailureHandling handling,
                int instances,
                LimitSpec spec,
                Clock clock,
                int concurrentDecisions,
                LimiterMetrics metrics,
                java.util.function.Consumer<String> onRedisLost);
    }

    /** A fleet of these limiters (one per instance, the same one where instances share it), with nothing to close. */
    static LimiterFleet of(List<Optional<RateLimiter>> limiters, String description) {
        return new LimiterFleet(limiters, List.of(), Optional.empty(), description);
    }

    /**
     * Builds one limiter per instance.
     *
     * @param concurrentDecisions the most decisions the run can ask for at once (its worker threads and the threads
     *     that start requests): each Redis pool gets as many connections, so that no decision waits for one. A pool
     *     smaller than that made busy runs wait past the timeout and stop as if Redis were lost.
     * @param onRedisLost told when Redis has stayed unreachable for the whole outage limit (RB2)
     * @throws LimiterException when Redis cannot be started or reached before the run (the run then reports why)
     */
    static LimiterFleet build(
            LimiterChoice choice,
            RedisChoice redis,
            int instances,
            LimitSpec spec,
            Clock clock,
            int concurrentDecisions,
            LimiterMetrics metrics,
            java.util.function.Consumer<String> onRedisLost) {
        return build(
                choice,
                redis,
                RedisFailureHandling.DEFAULT,
                instances,
                spec,
                clock,
                concurrentDecisions,
                metrics,
                onRedisLost);
    }

    /** As above, riding through Redis failures as {@code handling} says (RB1, RB2). */
    static LimiterFleet build(
            LimiterChoice choice,
            RedisChoice redis,
            RedisFailureHandling handling,
            int instances,
            LimitSpec spec,
            Clock clock,
            int concurrentDecisions,
            LimiterMetrics metrics,
            java.util.function.Consumer<String> onRedisLost) {
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
                limiters.add(Optional.of(RateLimiterBuilder.of(algorithm, spec)
                        .clock(clock)
                        .metrics(metrics)
                        .build()));
            }
            return new LimiterFleet(
                    limiters,
                    List.of(),
                    Optional.empty(),
                    instances + " local " + choice.cliName() + " limiter(s) of " + describe(spec)
                            + ", one per instance");
        }
        Optional<EmbeddedRedis> started =
                redis instanceof RedisChoice.Embedded ? Optional.of(EmbeddedRedis.start()) : Optional.empty();
        List<RedisPort> ports = new ArrayList<>();
        RedisDegradation degradation = new RedisDegradation(clock, handling);
        java.util.concurrent.ScheduledExecutorService outageTimer =
                java.util.concurrent.Executors.newSingleThreadScheduledExecutor(runnable -> {
                    Thread thread = new Thread(runnable, "load-redis-outage");
                    thread.setDaemon(true);
                    return thread;
                });
        try {
            RedisAddress address = started.map(EmbeddedRedis::address)
                    .orElseGet(() -> RedisAddress.parse(
                            ((RedisChoice.External) redis).url().toString()));
            Optional<RedisPassword> password =
                    started.map(EmbeddedRedis::password).or(() -> ((RedisChoice.External) redis).password());
            for (int i = 0; i < instances; i++) {
                RedisPort port = JedisPooledPort.connect(
                        address, password, REDIS_SETTINGS.withMaxConnections(poolSize(concurrentDecisions)));
                ports.add(port);
                limiters.add(Optional.of(degradation.counting(RateLimiterBuilder.of(algorithm, spec)
                        .clock(clock)
                        .metrics(metrics)
                        .redis(port)
                        // L9, RB1: while Redis is slow or away, the run's failure mode decides; counted (RB3).
                        .failureMode(handling.mode())
                        .failureThreshold(handling.failureThreshold())
                        // RB2: only an outage that outlasts the limit stops the run.
                        .statusListener(new RedisOutageWatch(handling.outageLimit(), outageTimer, onRedisLost))
                        .buildRedis())));
            }
        } catch (RuntimeException e) {
            outageTimer.shutdownNow();
            ports.forEach(RedisPort::close);
            started.ifPresent(EmbeddedRedis::close);
            throw e;
        }
        return new LimiterFleet(
                limiters,
                ports,
                started,
                instances + " " + choice.cliName() + " limiter(s) of "
                        + describe(spec) + " sharing one Redis (" + redis.describe() + ") and one key, a pool of up to "
                        + poolSize(concurrentDecisions) + " connection(s) each; " + handling.describe(),
                Optional.of(degradation),
                Optional.of(outageTimer));
    }

    /**
     * RB4: one connection per decision the run can ask for at once, never fewer than the default: a pool smaller than
     * that made busy runs wait past the timeout. No cap at 1,024; the pool opens only what is asked for at once.
     */
    static int poolSize(int concurrentDecisions) {
        return Math.min(
                RedisClientSettings.MAX_CONNECTIONS, Math.max(REDIS_SETTINGS.maxConnections(), concurrentDecisions));
    }

    /** The decisions taken without Redis, when the limiters use it (RB3). */
    Optional<RedisDegradation> degradation() {
        return degradation;
    }

    /** The most connections each Redis pool opens at once (RB4); empty when no limiter uses Redis. */
    List<Integer> poolSizes() {
        return ports.stream()
                .map(port -> ((JedisPooledPort) port).maxConnections())
                .toList();
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
        outageTimer.ifPresent(java.util.concurrent.ExecutorService::shutdownNow);
        ports.forEach(RedisPort::close);
        embedded.ifPresent(EmbeddedRedis::close);
    }
}
