package dev.stormwatch.load.report;

import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * The line {@code stormwatch load} rewrites while it runs: time, totals so far, and the last complete
 * second's in-flight maximum and p99, so that a storm is visible as it happens.
 */
public final class ProgressLine {

    private ProgressLine() {}

    /**
     * @param elapsed time since the run started
     * @param planned the run's planned duration
     * @param perSecond the per-second series so far
     */
    public static String render(Duration elapsed, Duration planned, TimeSeries perSecond) {
        List<Bucket> buckets = perSecond.buckets();
        // The bucket in progress is still filling; the one before it is the last whole second.
        Bucket last = buckets.size() >= 2 ? buckets.get(buckets.size() - 2) : null;
        return String.format(
                Locale.ROOT,
                "[%4ds/%ds] requests %d, attempts %d, 2xx %d, 429 %d, 5xx %d, network %d, refused %d, exhausted %d"
                        + " | last second: in flight %d, p99 %s",
                elapsed.toSeconds(),
                planned.toSeconds(),
                perSecond.total(Counter.LOGICAL_REQUESTS),
                perSecond.total(Counter.ATTEMPTS),
                perSecond.total(Counter.STATUS_2XX),
                perSecond.total(Counter.STATUS_429),
                perSecond.total(Counter.STATUS_5XX),
                perSecond.total(Counter.NETWORK_ERRORS),
                perSecond.total(Counter.LIMITER_REFUSED),
                perSecond.total(Counter.EXHAUSTED_BUDGETS),
                last == null ? 0 : last.maxInFlight(),
                last == null || last.latency().isEmpty()
                        ? "-"
                        : last.latency().p99().toMillis() + " ms");
    }
}
