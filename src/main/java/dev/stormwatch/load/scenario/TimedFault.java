package dev.stormwatch.load.scenario;

import java.time.Duration;

/**
 * One entry of a scenario's timeline: a relay fault that starts at an offset from the start of the run.
 *
 * @param at the offset from the start of the run
 * @param fault what the relay does from then on
 */
public record TimedFault(Duration at, RelayFault fault) {

    /** Refuses a fault before the run starts. */
    public TimedFault {
        if (at.isNegative()) {
            throw new IllegalArgumentException("a fault cannot start before the run, was at " + at);
        }
    }
}
