package dev.stormwatch.relay;

import java.time.Clock;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Bounds the requests the simulated model serves at once; beyond that it answers 503. With collapse on, overload feeds
 * itself as in a real retry storm: while more requests were refused in the last second or two than the capacity, the
 * capacity halves and admitted requests slow down by {@code 1 + refused/capacity} (at most ×{@value #MAX_SLOWDOWN}).
 */
final class CapacityGate {

    static final double MAX_SLOWDOWN = 10;

    private final int capacity;
    private final boolean collapse;
    private final Clock clock;
    private final AtomicInteger inFlight = new AtomicInteger();
    private long bucketSecond;
    private long currentBucket;
    private long previousBucket;

    CapacityGate(int capacity, boolean collapse, Clock clock) {
        if (capacity < 1) {
            throw new IllegalArgumentException("capacity is at least 1 concurrent request, was " + capacity);
        }
        this.capacity = capacity;
        this.collapse = collapse;
        this.clock = clock;
    }

    /** The capacity in force given the refusals of the last two seconds (pure). */
    static int effectiveCapacity(int capacity, boolean collapse, long recentRefusals) {
        if (collapse && recentRefusals > capacity) {
            return Math.max(1, capacity / 2);
        }
        return capacity;
    }

    /** How much slower admitted requests are given the recent refusals (pure). */
    static double slowdown(int capacity, boolean collapse, long recentRefusals) {
        if (!collapse) {
            return 1;
        }
        return Math.min(MAX_SLOWDOWN, 1 + (double) recentRefusals / capacity);
    }

    /** Takes a slot, or counts a refusal and returns false. */
    boolean tryEnter() {
        int limit = effectiveCapacity(capacity, collapse, recentRefusals());
        if (inFlight.incrementAndGet() <= limit) {
            return true;
        }
        inFlight.decrementAndGet();
        refused();
        return false;
    }

    void exit() {
        inFlight.decrementAndGet();
    }

    double slowdown() {
        return slowdown(capacity, collapse, recentRefusals());
    }

    int inFlight() {
        return inFlight.get();
    }

    private synchronized void refused() {
        roll();
        currentBucket++;
    }

    private synchronized long recentRefusals() {
        if (!collapse) {
            return 0;
        }
        roll();
        return currentBucket + previousBucket;
    }

    private void roll() {
        long second = Math.floorDiv(clock.millis(), 1000);
        if (second == bucketSecond) {
            return;
        }
        previousBucket = second == bucketSecond + 1 ? currentBucket : 0;
        currentBucket = 0;
        bucketSecond = second;
    }
}
