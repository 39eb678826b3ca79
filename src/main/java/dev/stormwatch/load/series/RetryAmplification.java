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
        long sent = series.total(Counter.LOGICAL_REQUESTS) - series.total(Counter.UNSENT_REQUESTS);
        // No request, no ratio: a zero would read as "better than no retries".
        if (sent <= 0) {
            return Figure.absent("no request went out");
        }
        return Figure.of((double) series.total(Counter.ATTEMPTS) / sent);
    }
}
