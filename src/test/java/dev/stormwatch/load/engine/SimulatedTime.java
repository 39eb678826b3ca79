package dev.stormwatch.load.engine;

import dev.stormwatch.http.RetryScheduler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.PriorityQueue;
import java.util.function.BooleanSupplier;

/**
 * Simulated time for the load engine's parts: a clock that moves only when the next scheduled task is due, and the
 * schedulers (the virtual clients' {@link RunScheduler}, the retry engine's {@link RetryScheduler}) that queue their
 * tasks on it. One thread runs every task in time order, so a run of seconds takes milliseconds and repeats exactly.
 * {@link #runTime()} is the whole engine's run time on it: the run's loop waits by running the tasks due meanwhile.
 */
final class SimulatedTime extends Clock implements RunScheduler {

    private record Task(Instant at, long order, Runnable body) {}

    private final PriorityQueue<Task> due = new PriorityQueue<>(
            (a, b) -> a.at().equals(b.at()) ? Long.compare(a.order(), b.order()) : a.at().compareTo(b.at()));
    private final Instant origin;
    private Instant now;
    private long order;

    SimulatedTime(Instant start) {
        this.origin = start;
        this.now = start;
    }

    /** A {@link LoadEngine}'s run time on this time: each wait of its loop runs what falls due meanwhile. */
    RunTime runTime() {
        return new RunTime() {
            @Override
            public long nanoTime() {
                return Duration.between(origin, now).toNanos();
            }

            @Override
            public void await(StopSignal stop, Duration length) {
                runFor(length, stop::isStopped);
            }

            @Override
            public void sleep(Duration length) {
                runFor(length);
            }

            @Override
            public RunScheduler timer() {
                return SimulatedTime.this;
            }

            @Override
            public RetryScheduler retryScheduler() {
                return SimulatedTime.this.retryScheduler();
            }

            @Override
            public void close() {
                due.clear(); // as a real timer's shutdownNow: what was still planned never runs
            }
        };
    }

    /** The retry engine's scheduler on this time. */
    RetryScheduler retryScheduler() {
        return this::schedule;
    }

    @Override
    public void execute(Runnable task) {
        schedule(Duration.ZERO, task);
    }

    @Override
    public void schedule(Duration delay, Runnable task) {
        due.add(new Task(now.plus(delay.isNegative() ? Duration.ZERO : delay), order++, task));
    }

    @Override
    public void every(Duration period, Runnable task) {
        execute(new Runnable() {
            @Override
            public void run() {
                task.run();
                schedule(period, this);
            }
        });
    }

    /** Runs every task due within {@code length} from now, in time order, and leaves the clock at its end. */
    void runFor(Duration length) {
        runFor(length, () -> false);
    }

    /** Like {@link #runFor(Duration)}, but returns at once, the clock where it is, when {@code done} turns true. */
    void runFor(Duration length, BooleanSupplier done) {
        Instant end = now.plus(length);
        while (!due.isEmpty() && !due.peek().at().isAfter(end)) {
            if (done.getAsBoolean()) {
                return;
            }
            Task next = due.poll();
            now = next.at();
            next.body().run();
        }
        if (!done.getAsBoolean()) {
            now = end;
        }
    }

    @Override
    public Instant instant() {
        return now;
    }

    @Override
    public ZoneId getZone() {
        return ZoneOffset.UTC;
    }

    @Override
    public Clock withZone(ZoneId zone) {
        throw new UnsupportedOperationException("simulated time is UTC only");
    }
}
