package dev.stormwatch.load.engine;

import dev.stormwatch.http.RetryScheduler;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;

/**
 * The time a run's own loop lives on: how long it has lasted, how it waits for the next progress tick and for the
 * drain, and the timers of its timed work (the relay plan's actions and the virtual clients' pacing, the retry engine's
 * delays). Injected beside the run's clock (docs/style.md §1): real runs wait for real, and a test runs the whole
 * engine on simulated time, in milliseconds ({@code SimulatedTime}; decision 0039).
 */
interface RunTime {

    /** A monotonic reading in nanoseconds, for how long the run has lasted. */
    long nanoTime();

    /** Waits {@code length}, or less when the run is stopped meanwhile. */
    void await(StopSignal stop, Duration length) throws InterruptedException;

    /** Waits {@code length}, stopped or not. */
    void sleep(Duration length) throws InterruptedException;

    /** When the run's timed work runs: the relay plan's actions, the virtual clients' pacing (LB1, CO1). */
    RunScheduler timer();

    /** When the retry engine's delays end: Retry-After waits (RA3) and backoffs, on the run's own time. */
    RetryScheduler retryScheduler();

    /** Stops the timer; what it still held is dropped. */
    void close();

    /**
     * Real time: {@link System#nanoTime()}, the stop signal's wait, a timer thread of the run's own (a daemon) and
     * the process-wide retry timer.
     */
    static RunTime real() {
        ScheduledExecutorService executor = Executors.newScheduledThreadPool(1, runnable -> {
            Thread thread = new Thread(runnable, "load-timer");
            thread.setDaemon(true);
            return thread;
        });
        RunScheduler timer = RunScheduler.on(executor);
        return new RunTime() {
            @Override
            public long nanoTime() {
                return System.nanoTime();
            }

            @Override
            public void await(StopSignal stop, Duration length) throws InterruptedException {
                stop.await(length.toMillis());
            }

            @Override
            public void sleep(Duration length) throws InterruptedException {
                Thread.sleep(length.toMillis());
            }

            @Override
            public RunScheduler timer() {
                return timer;
            }

            @Override
            public RetryScheduler retryScheduler() {
                return RetryScheduler.shared();
            }

            @Override
            public void close() {
                executor.shutdownNow();
            }
        };
    }
}
