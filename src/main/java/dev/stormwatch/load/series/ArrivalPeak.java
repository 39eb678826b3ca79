package dev.stormwatch.load.series;

import java.time.Duration;
import java.time.Instant;

/**
 * Peak-to-mean arrivals at the provider in the window after a shared Retry-After ends (RA3's jitter exists to
 * keep it low): the busiest bucket of the window divided by the window's mean per bucket. 1.0 is perfectly spread;
 * with n buckets, n means every arrival landed in one bucket.
 */
public final class ArrivalPeak {

    /** The article's and the window: the second after the shared Retry-After. */
    public static final Duration DEFAULT_WINDOW = Duration.ofSeconds(1);

    private ArrivalPeak() {}

    /** Peak-to-mean of {@link Counter#ATTEMPTS} in the second after {@code retryAfterEnds}. */
    public static Figure afterRetryAfter(TimeSeries providerSeries, Instant retryAfterEnds) {
        return peakToMean(providerSeries, Counter.ATTEMPTS, retryAfterEnds, DEFAULT_WINDOW);
    }

    /**
     * Peak-to-mean of a counter over the buckets that lie wholly inside {@code [from, from + window)}.
     *
     * @param series a series finer than the window (100 ms buckets for a one-second window)
     */
    public static Figure peakToMean(TimeSeries series, Counter counter, Instant from, Duration window) {
        Instant to = from.plus(window);
        long total = 0;
        long peak = 0;
        int buckets = 0;
        for (int i = 0; i < series.buckets().size(); i++) {
            Instant bucketStart = series.bucketStart(i);
            Instant bucketEnd = bucketStart.plus(series.bucketWidth());
            // Only whole buckets: a bucket cut by the window's edge would mix arrivals from outside it.
            if (bucketStart.isBefore(from) || bucketEnd.isAfter(to)) {
                continue;
            }
            long count = series.buckets().get(i).count(counter);
            total += count;
            peak = Math.max(peak, count);
            buckets++;
        }
        // One bucket always has peak == mean: the series is too coarse to show a burst.
        if (buckets < 2) {
            return Figure.absent("the window " + window + " after " + from + " holds fewer than two whole buckets of "
                    + series.bucketWidth() + "; record it at 100 ms");
        }
        if (total == 0) {
            return Figure.absent("no " + counter.key() + " in the window " + window + " after " + from);
        }
        return Figure.of(peak / ((double) total / buckets));
    }
}
