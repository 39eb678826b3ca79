package dev.stormwatch.limit;

/** What a Redis-backed limiter does while Redis cannot be reached (spec L9). */
public enum FailureMode {
    /** Refuse every request: protects the provider's quota, costs availability. */
    FAIL_CLOSED,
    /** Allow every request and count it in the metrics: keeps the app working, the quota is unguarded. */
    FAIL_OPEN,
    /** Decide with an in-memory limiter of the same algorithm and limit: per process, not shared. */
    LOCAL_FALLBACK
}
