package dev.stormwatch.limit;

/**
 * Decides whether one more request may be sent for a key, under one {@link LimitSpec} (spec L1–L7, RC7).
 *
 * <p>Implementations are thread-safe. Build one with {@link RateLimiterBuilder}.
 */
public interface RateLimiter {

    /**
     * Counts one request for the key if the limit allows it.
     *
     * @return {@link LimitDecision.Allowed}, or {@link LimitDecision.Refused} carrying the retry-at instant (L3)
     * @throws RedisUnavailableException only from a bare Redis limiter; a built limiter applies its failure mode (L9)
     */
    LimitDecision tryAcquire(LimitKey key);

    /** The algorithm this limiter runs (L7). */
    Algorithm algorithm();

    /** The limit and window it enforces. */
    LimitSpec spec();
}
