package dev.stormwatch.http;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * Runs a retry after its delay without holding a thread while it waits: the asynchronous twin of
 * {@link dev.stormwatch.base.Sleeper}, injected so that tests advance a fake clock instead of waiting.
 */
@FunctionalInterface
public interface RetryScheduler {

    /** Runs {@code task} once, {@code delay} from now (zero: as soon as possible), on any thread. */
    void schedule(Duration delay, Runnable task);

    /** A scheduler over this executor; the caller owns (and shuts down) the executor. */
    static RetryScheduler on(ScheduledExecutorService executor) {
        Objects.requireNonNull(executor, "executor");
        return (delay, task) -> executor.schedule(task, Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
    }

    /**
     * One process-wide timer thread (a daemon, so it never keeps the JVM alive). The task it runs should only hand
     * work on: the asynchronous executor moves each retry to OkHttp's dispatcher at once.
     */
    static RetryScheduler shared() {
        return SharedRetryTimer.SCHEDULER;
    }
}
