package dev.stormwatch.load.series;

/**
 * Retry amplification: attempts on the wire per logical request that sent at least one; 1.0 means no retries at all,
 * so it is not below 1 (LB2). Requests refused before anything went out are not counted.
 */
public final class RetryAmplification {

    private RetryAmplification() {}

    /** Attempts divided by the logical requests that went out (LB2), over the whole series. */
    public static Figure of(TimeSeries series) {
        // LB2: a request refused before its first attempt (RC7, P2, RC5) sent nothing to amplify.
        return of(
                series.total(Counter.ATTEMPTS),
                series.total(Counter.LOGICAL_REQUESTS),
                series.total(Counter.UNSENT_REQUESTS));
    }

    /** LB18: the same ratio over the buckets from the one that holds {@code from} on (a fault's second). */
    public static Figure from(TimeSeries series, java.time.Instant from) {
        return of(
                series.totalFrom(Counter.ATTEMPTS, from),
                series.totalFrom(Counter.LOGICAL_REQUESTS, from),
                series.totalFrom(Counter.UNSENT_REQUESTS, from));
    }

    private static Figure of(long attempts, long logicalRequests, long unsent) {
        long sent = logicalRequests - unsent;
        // No request, no ratio: a zero would read as "better than no retries".
        if (sent <= 0) {
            return Figure.absent("no request went out");
        }
        return Figure.of((double) attempts / sent);
    }
}
