package dev.stormwatch.app.common;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs a task once, after a wait, on a thread that is not the UI thread: the app's timer for work that waits before it
 * starts (a debounce), injected beside {@link Ticker} so that tests run the task by hand instead of sleeping
 * (docs/style.md §1).
 *
 * <p>It has the shape of {@code http.RetryScheduler}, not its contract: a retry's task only hands work on (the shared
 * retry timer must never block), while a task given here does the work itself, on the executor's thread (the
 * preview's file reading).
 */
@FunctionalInterface
public interface Later {

    /** Runs {@code task} once, {@code wait} from now (zero: as soon as possible). */
    void after(Duration wait, Runnable task);

    /** Over this executor's threads; the caller owns (and shuts down) the executor. */
    static Later on(ScheduledExecutorService executor) {
        Objects.requireNonNull(executor, "executor");
        return (wait, task) -> executor.schedule(task, Math.max(0, wait.toNanos()), TimeUnit.NANOSECONDS);
    }
}
