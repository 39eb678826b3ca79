package dev.stormwatch.load.series;

/** Retry amplification: attempts on the wire per logical request; 1.0 means no retries at all. */
public final class RetryAmplification {

    private RetryAmplification() {}

    /** Attempts divided by logical requests over the whole series. */
    public static Figure of(TimeSeries series) {
        long logical = series.total(Counter.LOGICAL_REQUESTS);
        // No request, no ratio: a zero would read as "better than no retries".
        if (logical == 0) {
            return Figure.absent("no logical requests were recorded");
        }
        return Figure.of((double) series.total(Counter.ATTEMPTS) / logical);
    }
}
