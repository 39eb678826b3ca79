package dev.stormwatch.load.engine;

import dev.stormwatch.http.RetryScheduler;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneId;
import java.time.ZoneOffset;
import java.util.PriorityQueue;

/**
 * Simulated time for the load engine's parts: a clock that moves only when the next scheduled task is due, and the
 * schedulers (the virtual clients' {@link RunScheduler}, the retry engine's {@link RetryScheduler}) that queue their
 * tasks on it. One thread runs every task in time order, so a run of seconds takes milliseconds and repeats exactly.
 */
final class SimulatedTime extends Clock implements RunScheduler {

    private record Task(Instant at, long order, Runnable body) {}

    private final PriorityQueue<Task> due = new PriorityQueue<>(
            (a, b) -> a.at().equals(b.at()) ? Long.compare(a.order(), b.order()) : a.at().compareTo(b.at()));
    private Instant now;
    private long order;

    SimulatedTime(Instant start) {
        this.now = start;
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
        Instant end = now.plus(length);
        while (!due.isEmpty() && !due.peek().at().isAfter(end)) {
            Task next = due.poll();
            now = next.at();
            next.body().run();
        }
        now = end;
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
