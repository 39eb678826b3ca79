package dev.stormwatch.load.engine;

import java.util.Optional;

/**
 * The whole {@link LoadEngine} on {@link SimulatedTime}: its loop, the virtual clients, the retry engine and the
 * in-memory limiters on one simulated clock, and the embedded relay's own pipeline in process behind
 * {@link InProcessRelayTransport} (decision 0039). A run of 20 s takes well under a second, on the caller's thread.
 */
final class SimulatedEngine {

    private SimulatedEngine() {}

    /** An engine with these settings, on this time (the settings' clock is replaced by it). */
    static LoadEngine on(SimulatedTime time, EngineSettings settings) {
        return new LoadEngine(
                settings.withClock(time), Optional.empty(), time::runTime, InProcessRelayTransport.on(time));
    }
}
