package dev.stormwatch.load.series;

import java.time.Duration;

/**
 * The latency percentiles of the attempts of one bucket (from an HdrHistogram, two significant digits).
 *
 * @param count how many latencies were recorded; zero means the percentiles are meaningless zeros
 */
public record LatencySummary(long count, Duration p50, Duration p95, Duration p99, Duration max) {

    /** A bucket in which no attempt completed. */
    public static final LatencySummary NONE =
            new LatencySummary(0, Duration.ZERO, Duration.ZERO, Duration.ZERO, Duration.ZERO);

    /** Whether any latency was recorded. */
    public boolean isEmpty() {
        return count == 0;
    }
}
