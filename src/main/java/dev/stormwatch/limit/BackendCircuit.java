package dev.stormwatch.limit;

import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Skips Redis for a short interval after a failure, so decisions stay instant while it is down, and lets one probe
 * through per interval, so the limiter recovers by itself (spec L9). It opens only after {@code failureThreshold}
 * failures in a row (RB1): below that, a slow or failed answer costs only its own decision.
 */
final class BackendCircuit {

    private static final long CLOSED = Long.MIN_VALUE;

    private final Clock clock;
    private final long retryMillis;
    /** Epoch ms until which Redis is skipped; {@link #CLOSED} while it answers. */
    private final AtomicLong openUntil = new AtomicLong(CLOSED);

    private final int failureThreshold;
    /** Failures since Redis last answered. */
    private final AtomicInteger failuresInARow = new AtomicInteger();

    BackendCircuit(Clock clock, Duration retryInterval) {
        this(clock, retryInterval, 1);
    }

    BackendCircuit(Clock clock, Duration retryInterval, int failureThreshold) {
        this.clock = clock;
        this.retryMillis = retryInterval.toMillis();
        this.failureThreshold = failureThreshold;
    }

    /** True when this caller may try Redis: it answers, or the interval is over and this caller won the probe. */
    boolean tryPass() {
        long until = openUntil.get();
        if (until == CLOSED) {
            return true;
        }
        long now = clock.millis();
        if (now < until) {
            return false;
        }
        // One probe per interval: the caller that moves the deadline probes, the others keep the failure mode.
        return openUntil.compareAndSet(until, now + retryMillis);
    }

    /** Redis answered; true when that ends an outage. */
    boolean recordSuccess() {
        failuresInARow.set(0);
        return openUntil.getAndSet(CLOSED) != CLOSED;
    }

    /** Redis failed; true when that starts an outage. */
    boolean recordFailure() {
        // RB1: below the threshold the circuit stays closed; the failure cost only its own decision.
        if (failuresInARow.incrementAndGet() < failureThreshold) {
            return false;
        }
        return openUntil.getAndSet(clock.millis() + retryMillis) == CLOSED;
    }

    /** True while Redis is skipped (an outage), false while it is asked (RB1). */
    boolean isOpen() {
        return openUntil.get() != CLOSED;
    }

    /** The epoch ms when Redis will be tried again (meaningful while open). */
    long nextAttemptMillis() {
        long until = openUntil.get();
        return until == CLOSED ? clock.millis() : until;
    }
}
