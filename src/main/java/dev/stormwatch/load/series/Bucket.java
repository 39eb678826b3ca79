package dev.stormwatch.load.series;

import java.time.Duration;
import java.util.EnumMap;
import java.util.Map;

/**
 * The figures of one time bucket of a load run (counts, in flight, latency percentiles).
 *
 * @param offset where the bucket starts, measured from the start of its series
 * @param counts the count of each counter; a counter that is absent counts zero
 * @param maxInFlight the largest number of requests in flight at any moment of the bucket
 * @param latency the latency percentiles of the attempts that completed in the bucket
 */
public record Bucket(Duration offset, Map<Counter, Long> counts, long maxInFlight, LatencySummary latency) {

    /** Copies the counts, so that a bucket never changes after it is made. */
    public Bucket {
        EnumMap<Counter, Long> copy = new EnumMap<>(Counter.class);
        copy.putAll(counts);
        counts = Map.copyOf(copy);
    }

    /** A bucket of counts only, for series made by hand (tests, relay records without latency). */
    public static Bucket counting(Duration offset, Map<Counter, Long> counts) {
        return new Bucket(offset, counts, 0, LatencySummary.NONE);
    }

    /** The count of this counter in the bucket. */
    public long count(Counter counter) {
        return counts.getOrDefault(counter, 0L);
    }
}
