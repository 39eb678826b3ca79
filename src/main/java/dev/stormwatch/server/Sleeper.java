package dev.stormwatch.server;

import java.time.Duration;

/** Waits for a duration; injected so that tests of the servers' time rules never sleep for real (docs/style.md §1). */
@FunctionalInterface
public interface Sleeper {

    /** Sleeps on the calling thread with {@link Thread#sleep}. */
    Sleeper REAL = duration -> {
        if (duration.isZero() || duration.isNegative()) {
            return;
        }
        try {
            Thread.sleep(duration.toMillis(), duration.toNanosPart() % 1_000_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    };

    /** Waits for {@code duration}; returns early only when interrupted. */
    void sleep(Duration duration);
}
