package dev.stormwatch.load.series;

import java.time.Duration;

/** Goodput: successful (2xx) responses per second, the work that was useful to someone. */
public final class Goodput {

    private Goodput() {}

    /** 2xx responses per second over the whole series. */
    public static Figure perSecond(TimeSeries series) {
        Duration span = series.bucketWidth().multipliedBy(series.buckets().size());
        // An empty series has no time to divide by.
        if (span.isZero()) {
            return Figure.absent("the series has no buckets yet");
        }
        return Figure.of(series.total(Counter.STATUS_2XX) / (span.toNanos() / 1e9));
    }

    /** The share of attempts that succeeded: goodput over throughput, in [0, 1]. */
    public static Figure successShare(TimeSeries series) {
        long attempts = series.total(Counter.ATTEMPTS);
        if (attempts == 0) {
            return Figure.absent("no attempts were recorded");
        }
        return Figure.of((double) series.total(Counter.STATUS_2XX) / attempts);
    }
}
