package dev.stormwatch.relay;

import java.time.Duration;

/** A disruption on the relay's timeline, in time since the relay started. */
public sealed interface Disruption {

    /**
     * Simulates a full outage: every request from {@code from} until {@code to} gets {@code status} (a 5xx, 503 by
     * default) without Retry-After.
     */
    record Outage(Duration from, Duration to, int status) implements Disruption {
        public Outage {
            requireOrdered(from, to);
            if (status < 500 || status > 599) {
                throw new IllegalArgumentException("an outage answers 5xx, not " + status);
            }
        }

        /** An outage that answers 503. */
        public Outage(Duration from, Duration to) {
            this(from, to, 503);
        }
    }

    /** Simulates a network hiccup: at {@code at}, every open connection (busy or idle) is reset. */
    record Hiccup(Duration at) implements Disruption {
        public Hiccup {
            if (at.isNegative()) {
                throw new IllegalArgumentException("a hiccup happens at or after the start");
            }
        }
    }

    /** Simulates a brown-out: from {@code from} until {@code to}, a {@code share} of requests fail with 500, 502 or 503. */
    record BrownOut(Duration from, Duration to, double share) implements Disruption {
        public BrownOut {
            requireOrdered(from, to);
            if (share < 0 || share > 1) {
                throw new IllegalArgumentException("a brown-out share is in 0..1, was " + share);
            }
        }
    }

    private static void requireOrdered(Duration from, Duration to) {
        if (from.isNegative() || to.compareTo(from) <= 0) {
            throw new IllegalArgumentException("a disruption needs 0 <= from < to, was " + from + ".." + to);
        }
    }
}
