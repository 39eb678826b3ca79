package dev.stormwatch.load.engine;

import java.time.Instant;
import java.util.Optional;
import java.util.function.Function;

/**
 * The whole {@link LoadEngine} on {@link SimulatedTime}: its loop, the virtual clients, the retry engine and the
 * in-memory limiters on one simulated clock, and the embedded relay's own pipeline in process behind
 * {@link InProcessRelayTransport} (decision 0039). A run of 20 s takes well under a second, on the caller's thread.
 */
public final class SimulatedEngine {

    private SimulatedEngine() {}

    /** An engine with these settings, on this time (the settings' clock is replaced by it). */
    static LoadEngine on(SimulatedTime time, EngineSettings settings) {
        return new LoadEngine(
                settings.withClock(time), Optional.empty(), time::runTime, InProcessRelayTransport.on(time));
    }

    /**
     * Engines for a caller that makes one per run from its settings (the app's Load lab, through its composition):
     * each on a simulated time of its own that starts at {@code start}, so every run repeats exactly.
     */
    public static Function<EngineSettings, LoadEngine> perRun(Instant start) {
        return settings -> on(new SimulatedTime(start), settings);
    }
}
