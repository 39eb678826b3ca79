package dev.stormwatch.base;

import java.time.Duration;

/**
 * Waiting for a duration, injected so that tests advance a fake clock instead of waiting (docs/style.md §1, spec P6):
 * the retry engine's backoffs and pauses, and the embedded servers' injected delays and slow bodies.
 */
@FunctionalInterface
public interface Sleeper {

    /** Sleeps on the calling thread with {@link Thread#sleep}. */
    Sleeper SYSTEM = duration -> {
        if (!duration.isNegative() && !duration.isZero()) {
            Thread.sleep(duration.toMillis(), duration.toNanosPart() % 1_000_000);
        }
    };

    /** Blocks for {@code duration} (zero or less returns at once). */
    void sleep(Duration duration) throws InterruptedException;

    /**
     * Sleeps as {@link #sleep}, but an interrupt ends the wait at once and is kept on the thread for its owner to see,
     * for a caller that cannot throw it (a server writing an answer).
     */
    default void sleepUnlessInterrupted(Duration duration) {
        try {
            sleep(duration);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
