package dev.stormwatch.retry;

import java.time.Duration;

/** Sleeping, injected so that tests advance a fake clock instead of waiting (docs/style.md §1, spec P6). */
@FunctionalInterface
public interface Sleeper {

    /** Sleeps with {@link Thread#sleep}. */
    Sleeper SYSTEM = duration -> {
        if (!duration.isNegative() && !duration.isZero()) {
            Thread.sleep(duration.toMillis(), duration.toNanosPart() % 1_000_000);
        }
    };

    /** Blocks for the given duration (zero returns at once). */
    void sleep(Duration duration) throws InterruptedException;
}
