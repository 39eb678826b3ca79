package dev.stormwatch.load.series;

import java.time.Duration;
import java.time.Instant;
import java.util.List;

/**
 * A finished (or a snapshot of a running) time series of a load run: consecutive buckets of equal width from a start
 * instant (per second, and per 100 ms around a storm).
 *
 * @param start the instant at which the first bucket starts
 * @param bucketWidth the width of every bucket
 * @param buckets the buckets, in time order, without gaps; bucket {@code i} starts at {@code start + i * width}
 * @param eventsOutside events that fell before the start or after the last bucket the series can hold (none is lost
 *     silently)
 */
public record TimeSeries(Instant start, Duration bucketWidth, List<Bucket> buckets, long eventsOutside) {

    /** Checks that the buckets really are consecutive, so that every figure computed on them is meaningful. */
    public TimeSeries {
        if (bucketWidth.isNegative() || bucketWidth.isZero()) {
            throw new IllegalArgumentException("bucket width must be positive, was " + bucketWidth);
        }
        // Reports store widths and offsets in milliseconds; a finer width would not survive a round trip.
        if (bucketWidth.toNanos() % 1_000_000 != 0) {
            throw new IllegalArgumentException("bucket width must be whole milliseconds, was " + bucketWidth);
        }
        buckets = List.copyOf(buckets);
        for (int i = 0; i < buckets.size(); i++) {
            Duration expected = bucketWidth.multipliedBy(i);
            if (!buckets.get(i).offset().equals(expected)) {
                throw new IllegalArgumentException(
                        "bucket " + i + " starts at " + buckets.get(i).offset() + ", expected " + expected);
            }
        }
    }

    /** The instant at which the last bucket ends. */
    public Instant end() {
        return start.plus(bucketWidth.multipliedBy(buckets.size()));
    }

    /** The instant at which bucket {@code index} starts. */
    public Instant bucketStart(int index) {
        return start.plus(bucketWidth.multipliedBy(index));
    }

    /** LB18: the sum of a counter over the buckets from the one that holds {@code from} on. */
    public long totalFrom(Counter counter, Instant from) {
        long total = 0;
        for (int i = 0; i < buckets.size(); i++) {
            if (bucketStart(i).plus(bucketWidth).isAfter(from)) {
                total += buckets.get(i).count(counter);
            }
        }
        return total;
    }

    /** The sum of a counter over all buckets. */
    public long total(Counter counter) {
        long total = 0;
        for (Bucket bucket : buckets) {
            total += bucket.count(counter);
        }
        return total;
    }
}
