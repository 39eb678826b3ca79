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
 * @param latency the service time of what completed in the bucket: from the moment it was handed to a client (for a
 *     provider's record, the time the provider spent on it)
 * @param responseTime the time from each open-loop arrival's intended start (its place on the schedule) to its end,
 *     waiting for a free virtual client included (CO1); {@link LatencySummary#NONE} where nothing runs on a schedule
 */
public record Bucket(
        Duration offset,
        Map<Counter, Long> counts,
        long maxInFlight,
        LatencySummary latency,
        LatencySummary responseTime) {

    /** Copies the counts, so that a bucket never changes after it is made. */
    public Bucket {
        EnumMap<Counter, Long> copy = new EnumMap<>(Counter.class);
        copy.putAll(counts);
        counts = Map.copyOf(copy);
        java.util.Objects.requireNonNull(latency, "latency");
        java.util.Objects.requireNonNull(responseTime, "responseTime");
    }

    /** A bucket with no response time from an intended start (closed loop, a provider's record). */
    public Bucket(Duration offset, Map<Counter, Long> counts, long maxInFlight, LatencySummary latency) {
        this(offset, counts, maxInFlight, latency, LatencySummary.NONE);
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
