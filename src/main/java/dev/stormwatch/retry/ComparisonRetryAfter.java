package dev.stormwatch.retry;

import java.time.Duration;

/**
 * How long a client waits on a valid Retry-After before it retries: in full (RA3–RA4, every client of this project),
 * or capped at the article's {@code max_delay} (RA8), which exists only so that a load run can show what the cap
 * costs (spec LB15).
 *
 * <p>An executor takes {@link #ARTICLE_CAP} only through its builder's {@code retryAfterForComparison}, which an
 * architecture rule lets no caller but the load engine use; the blocking executor of the OAuth client and the CLI has
 * no such switch at all.
 */
public enum ComparisonRetryAfter {

    /** RA3–RA4: the wait is the provider's, in full; the default of every client. */
    HONOURED,
    /**
     * RA8, LB15: the article's client: the wait before a retry is the provider's Retry-After, but at most
     * {@link #ARTICLE_MAX_DELAY}. Comparison only: it retries before the provider said it would accept.
     */
    ARTICLE_CAP;

    /** RA8: the article's client's {@code max_delay}, which it applies to Retry-After as to its own backoff. */
    public static final Duration ARTICLE_MAX_DELAY = Duration.ofSeconds(8);

    /** The wait before a retry for a valid Retry-After of {@code retryAfterNanos} (already capped by RA7). */
    long waitNanos(long retryAfterNanos) {
        return switch (this) {
            case HONOURED -> retryAfterNanos;
            case ARTICLE_CAP -> Math.min(retryAfterNanos, ARTICLE_MAX_DELAY.toNanos());
        };
    }
}
