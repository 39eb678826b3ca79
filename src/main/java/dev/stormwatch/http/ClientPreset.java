package dev.stormwatch.http;

import dev.stormwatch.retry.RetryPolicy;
import java.time.Duration;

/**
 * Separate retry policies for interactive and batch work (spec RC4): four attempts with an eight-second cap make an
 * interactive request feel slow while the upstream struggles, so interactive work gives up much sooner.
 */
public enum ClientPreset {

    /** RC4: a person waits: 2 attempts, 250 ms doubling up to 1 s, 2 s in all. */
    INTERACTIVE(new RetryPolicy(2, 2, Duration.ofMillis(250), 2.0, Duration.ofSeconds(1), Duration.ofSeconds(2))),

    /**
     * RC4: background work: the article's 4 attempts, 250 ms doubling up to its 8 s cap, and 60 s in all so that a
     * provider's Retry-After can be honoured in full (RA3, RA8: the cap never shortens a Retry-After).
     */
    BATCH(new RetryPolicy(4, 4, Duration.ofMillis(250), 2.0, Duration.ofSeconds(8), Duration.ofSeconds(60)));

    private final RetryPolicy policy;

    ClientPreset(RetryPolicy policy) {
        this.policy = policy;
    }

    /** The retry policy of this kind of work. */
    public RetryPolicy policy() {
        return policy;
    }
}
