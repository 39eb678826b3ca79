package dev.stormwatch.load.engine;

import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;

/**
 * What the target's answers say about the run as a whole: whether it ever answered with HTTP (before that, a network
 * failure means "unreachable"), and how often it refused the credential (401, which ST1 does not retry).
 */
final class ResponseWatch {

    /** RFC 9110 §15.5.2: the request lacks valid authentication credentials. */
    private static final int UNAUTHORIZED = 401;

    private final AtomicBoolean answered = new AtomicBoolean();
    private final AtomicLong unauthorized = new AtomicLong();

    void responded(int status) {
        if (!answered.get()) {
            answered.set(true);
        }
        if (status == UNAUTHORIZED) {
            unauthorized.incrementAndGet();
        }
    }

    boolean everAnswered() {
        return answered.get();
    }

    /** Attempts the target answered 401. */
    long unauthorized() {
        return unauthorized.get();
    }
}
