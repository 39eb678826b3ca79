package dev.stormwatch.http;

import dev.stormwatch.retry.CallFailure;
import java.time.Duration;

/**
 * The resilient client's per-attempt timeouts (spec RC3, B2): connect 3 s and read 45 s by default, each
 * configurable. They cut a request in flight; the retry budget only limits how long retrying goes on.
 *
 * @param connect how long to wait for a TCP (and TLS) connection
 * @param read how long to wait between bytes of the response; a model's first token may take a while
 */
public record ClientTimeouts(Duration connect, Duration read) {

    /** A longer wait than this is no timeout at all for an interactive tool. */
    public static final Duration LIMIT = Duration.ofMinutes(10);

    // Declared after LIMIT: the constructor reads it.
    /** RC3: 3 s to connect, 45 s to read (the article's {@code timeout=(3.0, 45.0)}). */
    public static final ClientTimeouts DEFAULT = new ClientTimeouts(Duration.ofSeconds(3), Duration.ofSeconds(45));

    /**
     * @throws CallFailure.Configuration when a timeout is missing, zero, negative or above 10 min (zero would mean
     *     "wait forever" to OkHttp)
     */
    public ClientTimeouts {
        check(connect, "connect");
        check(read, "read");
    }

    /** These timeouts with another connect timeout. */
    public ClientTimeouts withConnect(Duration value) {
        return new ClientTimeouts(value, read);
    }

    /** These timeouts with another read timeout. */
    public ClientTimeouts withRead(Duration value) {
        return new ClientTimeouts(connect, value);
    }

    private static void check(Duration value, String name) {
        // RC3: OkHttp reads 0 as "no timeout"; an unbounded wait is exactly what the rule forbids.
        if (value == null || value.isNegative() || value.isZero() || value.compareTo(LIMIT) > 0) {
            throw new CallFailure.Configuration("Invalid " + name + " timeout: " + value
                    + ". Give a duration above zero and at most " + LIMIT + ".");
        }
    }
}
