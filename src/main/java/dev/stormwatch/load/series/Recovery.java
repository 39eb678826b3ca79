package dev.stormwatch.load.series;

import java.time.Duration;
import java.time.Instant;

/**
 * Time to recover after an outage: from the end of the outage to the end of the first bucket whose 2xx count
 * is back to a fraction of the mean 2xx per bucket before the outage. Measured to the bucket's end, so it is an upper
 * bound at the series' resolution.
 */
public final class Recovery {

    /** "Recovered" means back to 90 % of the goodput before the outage. */
    public static final double DEFAULT_FRACTION = 0.9;

    private Recovery() {}

    /** Time to recover to {@link #DEFAULT_FRACTION} of the baseline. */
    public static Figure timeToRecover(TimeSeries series, Instant outageStart, Instant outageEnd) {
        return timeToRecover(series, outageStart, outageEnd, DEFAULT_FRACTION);
    }

    /**
     * Time to recover, in seconds.
     *
     * @param fraction the share of the baseline that counts as recovered, in (0, 1]
     */
    public static Figure timeToRecover(TimeSeries series, Instant outageStart, Instant outageEnd, double fraction) {
        if (!(fraction > 0 && fraction <= 1)) {
            throw new IllegalArgumentException("fraction must be in (0, 1], was " + fraction);
        }
        if (outageEnd.isBefore(outageStart)) {
            throw new IllegalArgumentException(
                    "the outage ends (" + outageEnd + ") before it starts (" + outageStart + ")");
        }
        long baselineTotal = 0;
        int baselineBuckets = 0;
        for (int i = 0; i < series.buckets().size(); i++) {
            // The baseline is made of whole buckets before the outage: a bucket cut by it is already degraded.
            if (series.bucketStart(i).plus(series.bucketWidth()).isAfter(outageStart)) {
                break;
            }
            baselineTotal += series.buckets().get(i).count(Counter.STATUS_2XX);
            baselineBuckets++;
        }
        if (baselineBuckets == 0 || baselineTotal == 0) {
            return Figure.absent("no successful requests before the outage to compare with");
        }
        double target = fraction * baselineTotal / baselineBuckets;
        for (int i = 0; i < series.buckets().size(); i++) {
            Instant bucketStart = series.bucketStart(i);
            if (bucketStart.isBefore(outageEnd)) {
                continue;
            }
            if (series.buckets().get(i).count(Counter.STATUS_2XX) >= target) {
                Instant recoveredBy = bucketStart.plus(series.bucketWidth());
                return Figure.of(Duration.between(outageEnd, recoveredBy).toNanos() / 1e9);
            }
        }
        return Figure.absent("goodput did not come back to " + Math.round(fraction * 100)
                + " % of its level before the outage by the end of the run");
    }
}
