package dev.stormwatch.load.series;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Where the load engine (and a relay's record of arrivals) puts what happens during a run; safe to call from many
 * threads at once, and cheap enough to call on every attempt.
 *
 * <p>Methods without an instant record at the recorder's clock's now; those with one record at that instant, for
 * events read back from a record made elsewhere.
 */
public interface LoadRecorder {

    /** Adds {@code amount} to a counter at this instant. */
    void add(Instant at, Counter counter, long amount);

    /** Records the latency (service time) of an attempt or request that completed at this instant. */
    void latency(Instant at, Duration latency);

    /**
     * Records the response time of an open-loop request that completed at this instant, measured from its intended
     * start on the run's schedule, so that a client falling behind the schedule shows as latency (CO1).
     */
    void responseTime(Instant at, Duration fromIntendedStart);

    /** A request went on the wire now: one more in flight. */
    void flightStarted();

    /** A request in flight ended now (answered or failed): one fewer in flight. */
    void flightEnded();

    /** The clock this recorder reads for "now". */
    Clock clock();

    /** Adds one to a counter now. */
    default void increment(Counter counter) {
        add(clock().instant(), counter, 1);
    }

    /** Adds {@code amount} to a counter now. */
    default void add(Counter counter, long amount) {
        add(clock().instant(), counter, amount);
    }

    /** Counts an attempt's status (2xx, 429, 5xx, other) and its latency, now. */
    default void response(int status, Duration latency) {
        Instant now = clock().instant();
        add(now, Counter.forStatus(status), 1);
        latency(now, latency);
    }

    /**
     * Records one request from a provider's own record (the relay's request log) at the instant it arrived: an
     * attempt, its status class, and the time the provider spent on it.
     *
     * @param status the status sent, or 0 when the provider sent none (the connection was reset)
     */
    default void arrival(Instant at, int status, Duration latency) {
        add(at, Counter.ATTEMPTS, 1);
        add(at, status == 0 ? Counter.NETWORK_ERRORS : Counter.forStatus(status), 1);
        latency(at, latency);
    }
}
