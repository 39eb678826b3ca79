package dev.stormwatch.relay;

import java.time.Duration;
import java.util.Objects;

/**
 * A request quota per API key or OAuth subject: at most {@code requests} per {@code window}, metered in fixed windows
 * (as many model APIs meter "requests per minute") or as nginx's {@code limit_req} leaky bucket (LB9).
 */
public record Quota(int requests, Duration window, Shape shape) {

    /** How the quota is metered. */
    public enum Shape {
        /** Fixed windows aligned to the epoch; a 429's Retry-After points at the window's end. */
        FIXED_WINDOW,
        /**
         * LB9: nginx's {@code limit_req} with no {@code burst}: one request per {@code window / requests}, the
         * excess refused with 429 and a fixed {@code Retry-After: 2}.
         */
        LEAKY_BUCKET
    }

    public Quota {
        if (requests < 1) {
            throw new IllegalArgumentException("a quota allows at least 1 request, was " + requests);
        }
        if (window.toMillis() < 1) {
            throw new IllegalArgumentException("a quota window is at least 1 ms, was " + window);
        }
        Objects.requireNonNull(shape, "shape");
    }

    /** A quota metered in fixed windows. */
    public Quota(int requests, Duration window) {
        this(requests, window, Shape.FIXED_WINDOW);
    }

    /** LB9: nginx's {@code limit_req zone=... rate=Nr/s} without burst, answering 429 with {@code Retry-After: 2}. */
    public static Quota leakyBucket(int perSecond) {
        return new Quota(perSecond, Duration.ofSeconds(1), Shape.LEAKY_BUCKET);
    }
}
