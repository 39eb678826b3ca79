package dev.stormwatch.limit;

import java.time.Duration;

/**
 * How many requests one key may make per window (spec L1, L6); validated when made, never clamped.
 *
 * <p>The bounds keep every algorithm's arithmetic exact in Lua's doubles: {@code limit × window in µs} stays below
 * 2<sup>53</sup>.
 *
 * @param limit  requests allowed per window, 1 to {@value #MAX_LIMIT}, and at most one per microsecond of the window
 * @param window the window's length, whole milliseconds, 1 ms to 24 h
 */
public record LimitSpec(int limit, Duration window) {

    /** Largest limit; with the longest window it keeps limit × window(µs) exact in a double. */
    public static final int MAX_LIMIT = 100_000;
    /** Longest window: a day; quotas longer than that are billing, not rate limiting. */
    public static final Duration MAX_WINDOW = Duration.ofHours(24);

    /**
     * @throws LimiterConfigurationException if limit is below 1 or above {@value #MAX_LIMIT}, or more than the window's
     *     microseconds
     * @throws LimiterConfigurationException if window is null, shorter than 1 ms, longer than 24 h or not whole ms
     */
    public LimitSpec {
        if (limit < 1) {
            throw new LimiterConfigurationException("limit must be at least 1 request per window, was " + limit);
        }
        if (limit > MAX_LIMIT) {
            throw new LimiterConfigurationException(
                    "limit must be at most " + MAX_LIMIT + " requests per window, was " + limit);
        }
        if (window == null) {
            throw new LimiterConfigurationException("window is missing: give a duration such as PT1M");
        }
        if (window.compareTo(Duration.ofMillis(1)) < 0) {
            throw new LimiterConfigurationException("window must be at least 1 ms, was " + window);
        }
        if (window.compareTo(MAX_WINDOW) > 0) {
            throw new LimiterConfigurationException("window must be at most 24 h, was " + window);
        }
        // Lua scripts count whole milliseconds; a fractional window would be silently rounded.
        if (window.toNanosPart() % 1_000_000 != 0) {
            throw new LimiterConfigurationException("window must be whole milliseconds, was " + window);
        }
        // L7: the algorithms count in whole µs; GCRA's emission interval (window / limit) would round up to 1 µs
        // and silently cut the rate (100 000 per 10 ms would sustain 10 000).
        if (limit > window.toMillis() * 1000L) {
            throw new LimiterConfigurationException("limit " + limit + " per " + window + " is more than one request"
                    + " per microsecond, which the limiters cannot count: give at most " + window.toMillis() * 1000L
                    + " per " + window + ", or a longer window for the same rate");
        }
    }

    /** Shorthand: {@code LimitSpec.of(30, Duration.ofMinutes(1))}. */
    public static LimitSpec of(int limit, Duration window) {
        return new LimitSpec(limit, window);
    }

    /** The window in microseconds, the unit every algorithm counts in. */
    public long windowMicros() {
        return window.toMillis() * 1000L;
    }
}
