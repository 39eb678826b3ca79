package dev.stormwatch.app.loadlab;

import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One second of a load run as the Load lab draws it: what the clients did, and what arrived at the provider.
 *
 * @param second seconds since the run started
 * @param failed 5xx and network errors together
 * @param p50Millis the median service time of the requests that ended in that second
 * @param p99Millis the 99th percentile of the same
 * @param responseP99Millis the 99th percentile of their response time from the intended start (CO1); empty where
 *     nothing ran on a schedule (a closed loop)
 * @param providerArrivals requests the relay recorded in that second (empty for a target without a record)
 */
public record LivePoint(
        long second,
        long attempts,
        long ok,
        long throttled,
        long failed,
        long retries,
        long exhausted,
        long limiterRefused,
        double p50Millis,
        double p99Millis,
        OptionalDouble responseP99Millis,
        Optional<Long> providerArrivals) {

    /** The seconds that have passed: later buckets are still empty and would draw a false drop to zero. */
    static List<LivePoint> of(Duration elapsed, TimeSeries client, Optional<TimeSeries> provider) {
        List<LivePoint> points = new ArrayList<>();
        List<Bucket> buckets = client.buckets();
        for (int i = 0; i < buckets.size(); i++) {
            Bucket b = buckets.get(i);
            if (b.offset().plus(client.bucketWidth()).compareTo(elapsed) > 0) {
                break;
            }
            int index = i;
            Optional<Long> arrivals = provider.filter(p -> index < p.buckets().size())
                    .map(p -> p.buckets().get(index).count(Counter.ATTEMPTS));
            points.add(new LivePoint(
                    b.offset().toSeconds(),
                    b.count(Counter.ATTEMPTS),
                    b.count(Counter.STATUS_2XX),
                    b.count(Counter.STATUS_429),
                    b.count(Counter.STATUS_5XX) + b.count(Counter.NETWORK_ERRORS),
                    b.count(Counter.RETRIES),
                    b.count(Counter.EXHAUSTED_BUDGETS),
                    b.count(Counter.LIMITER_REFUSED),
                    millis(b.latency().p50()),
                    millis(b.latency().p99()),
                    b.responseTime().isEmpty()
                            ? OptionalDouble.empty()
                            : OptionalDouble.of(millis(b.responseTime().p99())),
                    arrivals));
        }
        return points;
    }

    /**
     * LB11: every second a finished report holds, client and provider side, so that a run is drawn whole at its
     * end even when no live tick came while it ran.
     */
    static List<LivePoint> of(dev.stormwatch.load.report.LoadReport report) {
        Optional<TimeSeries> client = report.seriesNamed("client per second");
        if (client.isEmpty()) {
            return List.of();
        }
        Duration all =
                client.get().bucketWidth().multipliedBy(client.get().buckets().size());
        return of(all, client.get(), report.seriesNamed("provider per second"));
    }

    private static double millis(Duration d) {
        return d.toNanos() / 1_000_000.0;
    }
}
