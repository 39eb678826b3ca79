package dev.stormwatch.load.series;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;

/**
 * Records a run at two resolutions at once: per second over the whole run, and per 100 ms over a window
 * around a storm, where one-second buckets would hide a synchronized burst.
 */
public final class TwoResolutionRecorder implements LoadRecorder {

    /** The width of the coarse series. */
    public static final Duration SECOND = Duration.ofSeconds(1);
    /** The width of the fine series around a storm. */
    public static final Duration TENTH = Duration.ofMillis(100);

    private final Clock clock;
    private final TimeSeriesRecorder perSecond;
    private final TimeSeriesRecorder perTenth;

    /**
     * @param runStart the start of the run
     * @param runLength how long the run lasts (the per-second series covers it)
     * @param fineStart the start of the 100 ms window (e.g. a few seconds before a scenario's storm)
     * @param fineLength the length of the 100 ms window
     */
    public TwoResolutionRecorder(
            Clock clock, Instant runStart, Duration runLength, Instant fineStart, Duration fineLength) {
        this.clock = clock;
        this.perSecond = TimeSeriesRecorder.covering(clock, runStart, runLength, SECOND);
        this.perTenth = TimeSeriesRecorder.covering(clock, fineStart, fineLength, TENTH);
    }

    @Override
    public Clock clock() {
        return clock;
    }

    @Override
    public void add(Instant at, Counter counter, long amount) {
        perSecond.add(at, counter, amount);
        perTenth.add(at, counter, amount);
    }

    @Override
    public void latency(Instant at, Duration latency) {
        perSecond.latency(at, latency);
        perTenth.latency(at, latency);
    }

    @Override
    public void responseTime(Instant at, Duration fromIntendedStart) {
        perSecond.responseTime(at, fromIntendedStart);
        perTenth.responseTime(at, fromIntendedStart);
    }

    @Override
    public void flightStarted() {
        perSecond.flightStarted();
        perTenth.flightStarted();
    }

    @Override
    public void flightEnded() {
        perSecond.flightEnded();
        perTenth.flightEnded();
    }

    /** The per-second series so far. */
    public TimeSeries perSecond() {
        return perSecond.snapshot();
    }

    /** The service time of every request of the run so far (CO2). */
    public LatencySummary overallLatency() {
        return perSecond.overallLatency();
    }

    /** The response time from the intended start of every open-loop request of the run so far (CO1, CO2). */
    public LatencySummary overallResponseTime() {
        return perSecond.overallResponseTime();
    }

    /** The 100 ms series of the storm window so far. */
    public TimeSeries perTenthSecond() {
        return perTenth.snapshot();
    }
}
