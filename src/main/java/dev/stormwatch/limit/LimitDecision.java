package dev.stormwatch.limit;

import java.time.Instant;
import java.util.Optional;

/**
 * The limiter's answer for one request on one key: allowed, or refused with the instant a request would be allowed
 * (spec L3, RC7).
 */
public sealed interface LimitDecision {

    /** Requests counted in the key's window after this decision (for token bucket and GCRA: tokens in use). */
    long inWindow();

    /** When the decision was taken, on the deciding clock: Redis {@code TIME} for Redis (L4), else the local clock. */
    Instant decidedAt();

    /** Who took the decision: the configured backend, or a failure mode while it was unreachable (L9). */
    DecisionSource source();

    /** True when the request may be sent. */
    default boolean allowed() {
        return this instanceof Allowed;
    }

    /** The retry-at instant of a refusal (L3); empty when the request was allowed. */
    default Optional<Instant> retryAtIfRefused() {
        return this instanceof Refused refused ? Optional.of(refused.retryAt()) : Optional.empty();
    }

    /** The request may be sent. */
    record Allowed(long inWindow, Instant decidedAt, DecisionSource source) implements LimitDecision {}

    /**
     * The request must not be sent before {@code retryAt} (L3: for the sliding log, the oldest entry's time plus the
     * window).
     */
    record Refused(long inWindow, Instant decidedAt, Instant retryAt, DecisionSource source) implements LimitDecision {}
}
