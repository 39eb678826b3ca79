package dev.stormwatch.load.report;

import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.series.ArrivalPeak;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.Goodput;
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
 * {@value #SUCCESS_SHARE}.
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
            figures.put(PEAK_TO_MEAN, ArrivalPeak.afterRetryAfter(providerFine.get(), runStart.plus(retryAfterEnds.get())));
        }
        figures.put(TIME_TO_RECOVER, scenario.outage()
                .map(outage -> Recovery.timeToRecover(
                        clientPerSecond, runStart.plus(outage.start()), runStart.plus(outage.end())))
                .orElse(Figure.absent("scenario '" + scenario.name() + "' has no outage")));
        figures.put(GOODPUT, Goodput.perSecond(clientPerSecond));
        figures.put(SUCCESS_SHARE, Goodput.successShare(clientPerSecond));
        return figures;
    }
}
