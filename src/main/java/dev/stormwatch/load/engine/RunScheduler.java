package dev.stormwatch.load.engine;

import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;

/**
 * When the virtual clients' timed work runs: the open loop's pacer, a closed-loop client's think time, a refused
 * client's wait for its retry-at (LB1). Injected beside the run's clock (docs/style.md §1), so that a test drives the
 * clients on simulated time, in milliseconds, instead of waiting for real.
 */
interface RunScheduler {

    /** Runs {@code task} as soon as possible, on another stack than the caller's. */
    void execute(Runnable task);

    /** Runs {@code task} once, {@code delay} from now. */
    void schedule(Duration delay, Runnable task);

    /** Runs {@code task} now and then every {@code period}, until the scheduler is shut down. */
    void every(Duration period, Runnable task);

    /** A scheduler over this executor; the caller owns (and shuts down) the executor. */
    static RunScheduler on(ScheduledExecutorService executor) {
        Objects.requireNonNull(executor, "executor");
        return new RunScheduler() {
            @Override
            public void execute(Runnable task) {
                executor.execute(task);
            }

            @Override
            public void schedule(Duration delay, Runnable task) {
                executor.schedule(task, Math.max(0, delay.toNanos()), TimeUnit.NANOSECONDS);
            }

            @Override
            public void every(Duration period, Runnable task) {
                executor.scheduleAtFixedRate(task, 0, period.toNanos(), TimeUnit.NANOSECONDS);
            }
        };
    }
}
