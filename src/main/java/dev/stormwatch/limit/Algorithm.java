package dev.stormwatch.limit;

/**
 * The limiting algorithms, each in Lua for Redis and in memory with the same arithmetic (spec L1, L7).
 *
 * <p>Burst behaviour is stated per constant: it is the reason to pick one over another.
 */
public enum Algorithm {

    /**
     * Strict sliding log (L1, the seed's sorted set): one entry per allowed request. Burst: at most {@code limit}
     * requests in <em>any</em> interval of one window, including a burst of all of them at once (L6). Costs one
     * sorted-set member per request in the window. Refusal retry-at: the oldest entry's time plus the window (L3).
     */
    SLIDING_LOG("sliding_log.lua"),

    /**
     * Fixed window counter: the count resets at each window boundary (aligned to the epoch). Burst: {@code limit} at
     * the end of one window plus {@code limit} at the start of the next, so up to 2 × limit in one window's length.
     * Cheapest. Retry-at: the next boundary.
     */
    FIXED_WINDOW("fixed_window.lua"),

    /**
     * Sliding window counter (approximate): the current window's count plus the previous window's, weighted by how
     * much of it still overlaps. Burst: {@code limit} at once; over a window it may exceed the limit when the
     * previous window's requests were bunched at its end, since it assumes they were spread evenly; and a full window
     * keeps refusing into the next one, so a retry-at may lie up to two windows ahead. Two counters.
     */
    SLIDING_WINDOW_COUNTER("sliding_window_counter.lua"),

    /**
     * Token bucket: {@code limit} tokens, refilled at {@code limit} per window. Burst: a full bucket at once
     * ({@code limit}), then the steady rate, so up to about 2 × limit in one window's length after an idle window.
     */
    TOKEN_BUCKET("token_bucket.lua"),

    /**
     * Generic cell rate algorithm (one stored instant, the theoretical arrival time): emission interval
     * {@code ceil(window / limit)} µs, tolerance {@code limit − 1} intervals. Burst: {@code limit} at once, then one
     * per interval; like the token bucket, but rounding the interval up keeps the rate at or below the limit.
     */
    GCRA("gcra.lua");

    private final String scriptName;

    Algorithm(String scriptName) {
        this.scriptName = scriptName;
    }

    /** The Lua script's resource name under {@code dev/stormwatch/limit/}. */
    String scriptName() {
        return scriptName;
    }

    /** A fresh in-memory state for one key, the twin of the Lua script. */
    LocalWindow newLocalWindow(LimitSpec spec) {
        return switch (this) {
            case SLIDING_LOG -> new LocalSlidingLog(spec);
            case FIXED_WINDOW -> new LocalFixedWindow(spec);
            case SLIDING_WINDOW_COUNTER -> new LocalSlidingWindowCounter(spec);
            case TOKEN_BUCKET -> new LocalTokenBucket(spec);
            case GCRA -> new LocalGcra(spec);
        };
    }
}
