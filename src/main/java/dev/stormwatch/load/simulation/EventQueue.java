package dev.stormwatch.load.simulation;

import java.util.Comparator;
import java.util.NoSuchElementException;
import java.util.PriorityQueue;

/**
 * Simulated time: events taken in order of their instant, and events scheduled for the same instant in the order they
 * were scheduled, so that a run (and every random number it draws) is the same on every machine. The one event loop
 * of the project's simulations: Brooker's contention experiment and the diagnosis's what-if replay both run on it.
 * No clock is read and nothing sleeps; the time is a number in any unit the caller keeps to.
 *
 * @param <E> what happens at an instant
 */
public final class EventQueue<E> {

    /** An event and its place in line: {@code order} breaks ties, so the queue is deterministic. */
    private record Scheduled<E>(long at, long order, E event) {}

    private final PriorityQueue<Scheduled<E>> queue = new PriorityQueue<>(
            Comparator.<Scheduled<E>>comparingLong(Scheduled::at).thenComparingLong(Scheduled::order));
    private long scheduled;
    private long now;

    /**
     * Schedules {@code event} at {@code at}.
     *
     * @throws IllegalArgumentException when {@code at} lies before the current time: nothing happens in the past
     */
    public void schedule(long at, E event) {
        if (at < now) {
            throw new IllegalArgumentException("cannot schedule at " + at + ", before the current time " + now);
        }
        queue.add(new Scheduled<>(at, scheduled++, event));
    }

    /** True when nothing is left to happen. */
    public boolean isEmpty() {
        return queue.isEmpty();
    }

    /**
     * Takes the next event and moves the time to its instant.
     *
     * @throws NoSuchElementException when the queue is empty
     */
    public E next() {
        Scheduled<E> next = queue.poll();
        if (next == null) {
            throw new NoSuchElementException("no event left");
        }
        now = next.at();
        return next.event();
    }

    /**
     * The instant of the next event, without taking it.
     *
     * @throws NoSuchElementException when the queue is empty
     */
    public long peekTime() {
        Scheduled<E> next = queue.peek();
        if (next == null) {
            throw new NoSuchElementException("no event left");
        }
        return next.at();
    }

    /** The instant of the last event taken; 0 before the first. */
    public long now() {
        return now;
    }
}
