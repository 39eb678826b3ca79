package dev.stormwatch.load.report;

import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.series.TimeSeriesRecorder;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** A small but complete report: a 3 AM storm recorded on a fake clock, per second and per 100 ms. */
public final class SampleReports {

    public static final Instant START = Instant.parse("2026-11-30T03:00:00Z");

    private SampleReports() {}

    /** The storm report with other series in place of its own (a provider's record beside it, or none of its own). */
    public static LoadReport stormWithSeries(List<NamedSeries> series) {
        LoadReport storm = storm();
        return storm(storm.title(), storm.run(), storm.notes(), series);
    }

    /**
     * The storm as a run against a provider that keeps its own record: the provider's arrivals per second beside the
     * client's (the same counts), with the title, run line and notes given.
     */
    public static LoadReport stormBesideProvider(String title, String run, List<String> notes) {
        NamedSeries clients = storm().series().get(0);
        return storm(title, run, notes, List.of(clients, new NamedSeries("provider per second", clients.series())));
    }

    private static LoadReport storm(String title, String run, List<String> notes, List<NamedSeries> series) {
        LoadReport storm = storm();
        return new LoadReport(
                title,
                run,
                storm.startedAt(),
                storm.plannedDuration(),
                storm.outcome(),
                storm.seed(),
                notes,
                storm.figures(),
                series);
    }

    /** The storm with the notes and figures given in place of its own (a verdict first, a figure changed). */
    public static LoadReport stormWith(List<String> notes, Map<String, Figure> figures) {
        LoadReport storm = storm();
        return new LoadReport(
                storm.title(),
                storm.run(),
                storm.startedAt(),
                storm.plannedDuration(),
                storm.outcome(),
                storm.seed(),
                notes,
                figures,
                storm.series());
    }

    public static LoadReport storm() {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder perSecond = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 20);
        TimeSeriesRecorder perTenth = new TimeSeriesRecorder(clock, START.plusSeconds(9), Duration.ofMillis(100), 30);
        for (int tenth = 0; tenth < 200; tenth++) {
            clock.set(START.plusMillis(tenth * 100L));
            boolean storm = tenth >= 100 && tenth < 110;
            for (TimeSeriesRecorder recorder : List.of(perSecond, perTenth)) {
                recorder.add(Counter.LOGICAL_REQUESTS, 5);
                recorder.add(Counter.ATTEMPTS, storm ? 40 : 5);
                recorder.add(Counter.LIMITER_ALLOWED, 5);
                recorder.add(storm ? Counter.NETWORK_ERRORS : Counter.STATUS_2XX, 5);
                recorder.add(Counter.RETRIES, storm ? 35 : 0);
                recorder.flightStarted();
                recorder.latency(clock.instant(), Duration.ofMillis(storm ? 900 : 20 + tenth % 7));
                // CO1: the open loop's arrivals fell behind during the storm.
                recorder.responseTime(clock.instant(), Duration.ofMillis(storm ? 1_900 : 25 + tenth % 7));
                recorder.flightEnded();
            }
        }
        clock.set(START.plusSeconds(20));
        Map<String, Figure> figures = new LinkedHashMap<>();
        figures.put("retry_amplification", Figure.of(1.35));
        figures.put("time_to_recover_s", Figure.absent("no outage in this scenario"));
        return new LoadReport(
                "3 AM storm",
                "target embedded relay, 100 clients",
                START,
                Duration.ofSeconds(20),
                new RunOutcome.Completed(),
                42L,
                List.of("a hiccup resets every connection at t = 10 s"),
                figures,
                List.of(
                        new NamedSeries("client per second", perSecond.snapshot()),
                        new NamedSeries("client per 100 ms, around t = 10 s", perTenth.snapshot())));
    }

    static TimeSeries empty() {
        return new TimeSeries(START, Duration.ofSeconds(1), List.of(), 0);
    }
}
