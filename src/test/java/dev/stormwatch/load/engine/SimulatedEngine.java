package dev.stormwatch.load.engine;

import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.RateLimiter;
import dev.stormwatch.limit.RateLimiterBuilder;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.RedisChoice;
import java.time.Instant;
import java.util.Collections;
import java.util.Optional;
import java.util.function.Function;

/**
 * The whole {@link LoadEngine} on {@link SimulatedTime}: its loop, the virtual clients, the retry engine and the
 * in-memory limiters on one simulated clock, and the embedded relay's own pipeline in process behind
 * {@link InProcessRelayTransport} (decision 0039). A run of 20 s takes well under a second, on the caller's thread.
 *
 * <p>Redis keeps its own time (L4), which simulated time cannot move: instances that would share a Redis limiter share
 * one in-memory limiter of the same algorithm on the simulated clock instead, one store for one key as Redis is (the
 * limiters' contract test holds both to the same rules). Local limiters are the engine's own.
 */
public final class SimulatedEngine {

    private SimulatedEngine() {}

    /** An engine with these settings, on this time (the settings' clock is replaced by it). */
    static LoadEngine on(SimulatedTime time, EngineSettings settings) {
        return new LoadEngine(
                settings.withClock(time),
                Optional.empty(),
                time::runTime,
                InProcessRelayTransport.on(time),
                (choice, redis, handling, instances, spec, clock, concurrent, metrics, onLost) -> {
                    if (choice == LimiterChoice.OFF || redis instanceof RedisChoice.LocalOnly) {
                        return LimiterFleet.build(
                                choice, redis, handling, instances, spec, clock, concurrent, metrics, onLost);
                    }
                    RateLimiter shared = RateLimiterBuilder.of(Algorithm.valueOf(choice.name()), spec)
                            .clock(clock)
                            .metrics(metrics)
                            .build();
                    return LimiterFleet.of(
                            Collections.nCopies(instances, Optional.of(shared)),
                            instances + " " + choice.cliName() + " limiter(s) sharing one in-memory store, as on one"
                                    + " Redis (simulated time)");
                });
    }

    /**
     * Engines for a caller that makes one per run from its settings (the app's Load lab, through its composition):
     * each on a simulated time of its own that starts at {@code start}, so every run repeats exactly.
     */
    public static Function<EngineSettings, LoadEngine> perRun(Instant start) {
        return settings -> on(new SimulatedTime(start), settings);
    }
}
