package dev.stormwatch.relay;

import java.time.Duration;

/** A request quota per API key or OAuth subject: at most {@code requests} in each fixed {@code window}. */
public record Quota(int requests, Duration window) {

    public Quota {
        if (requests < 1) {
            throw new IllegalArgumentException("a quota allows at least 1 request, was " + requests);
        }
        if (window.toMillis() < 1) {
            throw new IllegalArgumentException("a quota window is at least 1 ms, was " + window);
        }
    }
}
