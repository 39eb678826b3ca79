package dev.stormwatch.load.engine;

import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import java.util.Optional;

/**
 * Told about once a second during a run what both sides have recorded so far, so that a window can draw the run
 * while it happens. Called on the engine's thread: copy what you need and return.
 */
@FunctionalInterface
public interface LiveSeriesListener {

    /** Ignores every tick. */
    LiveSeriesListener NONE = (elapsed, client, provider) -> {};

    /**
     * @param elapsed time since the run started; buckets at or after it are still empty
     * @param client the client side, per second
     * @param provider the provider side per second, from the relay's own record, when the target records one
     */
    void onTick(Duration elapsed, TimeSeries client, Optional<TimeSeries> provider);
}
