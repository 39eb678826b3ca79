package dev.stormwatch.load.report;

import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.series.ArrivalPeak;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.Goodput;
import dev.stormwatch.load.series.LatencySummary;
import dev.stormwatch.load.series.Recovery;
import dev.stormwatch.load.series.RetryAmplification;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The derived figures every load report carries, computed from a scenario and the run's series, each under a
 * fixed name: {@value #RETRY_AMPLIFICATION}, {@value #PEAK_TO_MEAN}, {@value #TIME_TO_RECOVER}, {@value #GOODPUT},
 * {@value #SUCCESS_SHARE}; and the run's latencies ({@link #latencies}).
 */
public final class StandardFigures {

    /** Attempts per logical request, client side. */
    public static final String RETRY_AMPLIFICATION = "retry_amplification";
    /** Peak-to-mean arrivals at the provider in the second after the shared Retry-After ends. */
    public static final String PEAK_TO_MEAN = "peak_to_mean_after_retry_after";
    /** Seconds from the end of the outage until goodput is back to 90 % of its earlier level. */
    public static final String TIME_TO_RECOVER = "time_to_recover_s";
    /** 2xx responses per second over the run, client side. */
    public static final String GOODPUT = "goodput_per_s";
    /** The share of attempts that succeeded. */
    public static final String SUCCESS_SHARE = "success_share";
    /** The median service time of the run's logical requests, from being handed to a client to their end (CO2). */
    public static final String P50_SERVICE_TIME = "p50_service_time_ms";
    /** The 99th percentile of the same. */
    public static final String P99_SERVICE_TIME = "p99_service_time_ms";
    /** The median response time of an open-loop run's requests, from their intended start to their end (CO1, CO2). */
    public static final String P50_RESPONSE_TIME = "p50_response_time_ms";
    /** The 99th percentile of the same: what a person on the schedule waited, the client's own delays included. */
    public static final String P99_RESPONSE_TIME = "p99_response_time_ms";

    private StandardFigures() {}

    /**
     * @param scenario the run's scenario, which says whether there is an outage or a shared Retry-After
     * @param runStart the instant the scenario's offsets count from
     * @param clientPerSecond the client's per-second series
     * @param providerFine the provider's arrivals at 100 ms (from the relay's own record), when recorded
     */
    public static Map<String, Figure> of(
            Scenario scenario, Instant runStart, TimeSeries clientPerSecond, Optional<TimeSeries> providerFine) {
        Map<String, Figure> figures = new LinkedHashMap<>();
        figures.put(RETRY_AMPLIFICATION, RetryAmplification.of(clientPerSecond));
        Optional<Duration> retryAfterEnds = scenario.sharedRetryAfterEnds();
        if (retryAfterEnds.isEmpty()) {
            figures.put(PEAK_TO_MEAN, Figure.absent("scenario '" + scenario.name() + "' has no shared Retry-After"));
        } else if (providerFine.isEmpty()) {
            figures.put(PEAK_TO_MEAN, Figure.absent("the provider's arrivals were not recorded at 100 ms"));
        } else {
            figures.put(
                    PEAK_TO_MEAN, ArrivalPeak.afterRetryAfter(providerFine.get(), runStart.plus(retryAfterEnds.get())));
        }
        figures.put(
                TIME_TO_RECOVER,
                scenario.outage()
                        .map(outage -> Recovery.timeToRecover(
                                clientPerSecond, runStart.plus(outage.start()), runStart.plus(outage.end())))
                        .orElse(Figure.absent("scenario '" + scenario.name() + "' has no outage")));
        figures.put(GOODPUT, Goodput.perSecond(clientPerSecond));
        figures.put(SUCCESS_SHARE, Goodput.successShare(clientPerSecond));
        return figures;
    }

    /**
     * CO2: the run's service time and, for an open loop, its response time from each request's intended start,
     * side by side, in milliseconds, each over the whole run.
     *
     * @param serviceTime every logical request's service time
     * @param responseTime every open-loop request's response time; empty for a closed loop, which has no schedule
     */
    public static Map<String, Figure> latencies(LatencySummary serviceTime, Optional<LatencySummary> responseTime) {
        Map<String, Figure> figures = new LinkedHashMap<>();
        figures.put(P50_SERVICE_TIME, millis(serviceTime, LatencySummary::p50));
        figures.put(P99_SERVICE_TIME, millis(serviceTime, LatencySummary::p99));
        if (responseTime.isEmpty()) {
            // CO3: a closed-loop client sends its next request after the last one ended: nothing runs late.
            Figure closed = Figure.absent("closed loop: each request waits for the one before, so none is late (CO3)");
            figures.put(P50_RESPONSE_TIME, closed);
            figures.put(P99_RESPONSE_TIME, closed);
        } else {
            figures.put(P50_RESPONSE_TIME, millis(responseTime.get(), LatencySummary::p50));
            figures.put(P99_RESPONSE_TIME, millis(responseTime.get(), LatencySummary::p99));
        }
        return figures;
    }

    private static Figure millis(LatencySummary summary, java.util.function.Function<LatencySummary, Duration> which) {
        if (summary.isEmpty()) {
            return Figure.absent("no request completed");
        }
        return Figure.of(which.apply(summary).toNanos() / 1e6);
    }
}
