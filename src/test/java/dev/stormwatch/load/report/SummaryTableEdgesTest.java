package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.LatencySummary;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.series.TimeSeriesRecorder;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The summary, the progress line and the standard figures at their edges (LB10, CO2, CO3). */
class SummaryTableEdgesTest {

    private static final Instant START = SampleReports.START;

    private static LoadReport report(Map<String, Figure> figures, List<NamedSeries> series) {
        return new LoadReport(
                "Steady load",
                "run",
                START,
                Duration.ofSeconds(20),
                new RunOutcome.Completed(),
                null,
                List.of(),
                figures,
                series);
    }

    private static TimeSeries hundredMillis(Instant from, int buckets) {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder recorder = new TimeSeriesRecorder(clock, from, Duration.ofMillis(100), buckets);
        recorder.add(from, Counter.ATTEMPTS, 1);
        clock.advance(Duration.ofSeconds(60));
        return recorder.snapshot();
    }

    @Test
    @DisplayName("LB10: a column says whose totals over which span: a whole run, or the seconds a 100 ms series covers")
    void columnHeadersSayWhoseAndWhichSpan() {
        assertThat(SummaryTable.columnHeader(
                        new NamedSeries("client per 100 ms, from t = 8 s", hundredMillis(START.plusSeconds(8), 60)),
                        START))
                .isEqualTo("clients, t = 8-14 s (100 ms series)");
        assertThat(SummaryTable.columnHeader(
                        new NamedSeries("provider per 100 ms", hundredMillis(START.plusSeconds(8), 60)), START))
                .isEqualTo("provider, t = 8-14 s (100 ms series)");
        assertThat(SummaryTable.columnHeader(
                        new NamedSeries(
                                "client per 100 ms", new TimeSeries(START, Duration.ofMillis(100), List.of(), 0)),
                        START))
                .as("an empty 100 ms series covers nothing: whole run")
                .isEqualTo("clients, whole run");
        assertThat(SummaryTable.columnHeader(new NamedSeries("relay", SampleReports.empty()), START))
                .isEqualTo("relay, whole run");
    }

    @Test
    @DisplayName("LB10: the provider sees arrivals and answers, never requests, retries or the limiter")
    void theProviderSeesOnlyArrivalsAndAnswers() {
        NamedSeries provider = new NamedSeries("provider per second", SampleReports.empty());
        NamedSeries client = new NamedSeries("client per second", SampleReports.empty());

        assertThat(SummaryTable.seenBy(provider, Counter.STATUS_OTHER)).isTrue();
        assertThat(SummaryTable.seenBy(provider, Counter.NETWORK_ERRORS)).isTrue();
        assertThat(SummaryTable.seenBy(provider, Counter.RETRIES)).isFalse();
        assertThat(SummaryTable.seenBy(provider, Counter.UNSENT_REQUESTS)).isFalse();
        assertThat(SummaryTable.seenBy(client, Counter.UNSENT_REQUESTS)).isTrue();
    }

    @Test
    @DisplayName(
            "LB10: the share of requests that succeeded counts only requests that sent something, else is left out")
    void theShareOfRequestsCountsThoseSent() {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder recorder = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 20);
        recorder.add(START, Counter.LOGICAL_REQUESTS, 4);
        recorder.add(START, Counter.UNSENT_REQUESTS, 4);
        clock.advance(Duration.ofSeconds(20));
        LoadReport nothingSent = report(Map.of(), List.of(new NamedSeries("client per second", recorder.snapshot())));
        recorder.add(START, Counter.LOGICAL_REQUESTS, 1);
        recorder.add(START, Counter.STATUS_2XX, 1);
        LoadReport oneSent = report(Map.of(), List.of(new NamedSeries("client per second", recorder.snapshot())));

        assertThat(SummaryTable.requestSuccessShare(nothingSent)).isEmpty();
        assertThat(SummaryTable.render(nothingSent)).doesNotContain("requests that succeeded");
        assertThat(SummaryTable.requestSuccessShare(oneSent)).contains("1 of 1 requests sent (100.0%)");
        assertThat(SummaryTable.requestSuccessShare(report(Map.of(), List.of())))
                .isEmpty();
    }

    @Test
    @DisplayName(
            "LB10: figures in words with three decimals or n/a and the reason; an unknown one by its name in words")
    void figuresReadInWords() {
        Map<String, Figure> figures = new LinkedHashMap<>();
        figures.put(StandardFigures.GOODPUT, Figure.of(12.34567));
        figures.put("redis_degraded_decisions", Figure.of(0));
        figures.put(StandardFigures.P99_RESPONSE_TIME, Figure.absent("closed loop"));

        String table = SummaryTable.render(report(figures, List.of()));

        assertThat(table)
                .isEqualTo("Steady load \u2014 completed\nrun\n\n"
                        + "goodput (successes per s)     12.346\n"
                        + "redis degraded decisions      0.000\n"
                        + "p99 from intended start (ms)  n/a (closed loop)\n");
        assertThat(SummaryTable.render(report(Map.of(), List.of()))).isEqualTo("Steady load \u2014 completed\nrun\n");
        assertThat(SummaryTable.figureMeaning("redis_degraded_decisions")).isEmpty();
        assertThat(SummaryTable.figureLabel(StandardFigures.P50_SERVICE_TIME)).isEqualTo("p50 service time (ms)");
        assertThat(SummaryTable.figureLabel(StandardFigures.P99_SERVICE_TIME)).isEqualTo("p99 service time (ms)");
        assertThat(SummaryTable.figureLabel(StandardFigures.P50_RESPONSE_TIME))
                .isEqualTo("p50 from intended start (ms)");
    }

    @Test
    @DisplayName("LB10: the worst p99 is the highest bucket's, wherever it falls, and each counter reads in words")
    void theWorstP99IsTheHighestBucketsAndCountersReadInWords() {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder recorder = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 3);
        recorder.latency(START, Duration.ofMillis(30));
        recorder.latency(START.plusSeconds(1), Duration.ofMillis(250));
        recorder.latency(START.plusSeconds(2), Duration.ofMillis(40));
        recorder.add(START, Counter.PACED_WAITS, 2);
        clock.advance(Duration.ofSeconds(3));

        String table = SummaryTable.render(
                report(Map.of(), List.of(new NamedSeries("client per second", recorder.snapshot()))));

        assertThat(table).containsPattern("\\nworst p99 \\(ms\\)\\s+25\\d\\.\\d\\n");
        assertThat(table).containsPattern("\\npaced waits\\s+2\\n");
        for (Counter counter : Counter.values()) {
            assertThat(table).contains("\n" + SummaryTable.counterLabel(counter) + " ");
        }
        assertThat(SummaryTable.legend().lines())
                .hasSize(5 + Counter.values().length)
                .contains("paced waiting (ms): Those waits added up, in milliseconds.");
    }

    @Test
    @DisplayName(
            "LB10: a header that fills its column exactly stays on one line; a word longer than a column has its own")
    void headersWrapAtTheirColumnsWidth() {
        String exact =
                SummaryTable.render(report(Map.of(), List.of(new NamedSeries("eleven-char", SampleReports.empty()))));
        String longWord = SummaryTable.render(
                report(Map.of(), List.of(new NamedSeries("abcdefghijklmnopqrstuvwxy", SampleReports.empty()))));

        assertThat(exact)
                .as("'eleven-char, whole run' is 22 characters, the column's width, after a blank line")
                .containsPattern("\\nrun\\n\\ntotal +eleven-char, whole run\\nrequests asked for ");
        assertThat(longWord)
                .containsPattern("\\nrun\\n\\n +abcdefghijklmnopqrstuvwxy,\\ntotal +whole run\\nrequests asked for ");
    }

    @Test
    @DisplayName("the progress line takes the second before the one filling; with one bucket, or no latency, it says -")
    void theProgressLineTakesTheLastWholeSecond() {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder recorder = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 10);
        recorder.flightStarted();
        recorder.latency(START, Duration.ofMillis(70));
        String oneBucket = ProgressLine.render(Duration.ofMillis(500), Duration.ofSeconds(10), recorder.snapshot());
        clock.advance(Duration.ofSeconds(1));
        recorder.flightStarted();
        recorder.flightStarted();
        String twoBuckets = ProgressLine.render(Duration.ofMillis(1_500), Duration.ofSeconds(10), recorder.snapshot());
        clock.advance(Duration.ofSeconds(1));
        String thirdSecond = ProgressLine.render(Duration.ofMillis(2_500), Duration.ofSeconds(10), recorder.snapshot());

        assertThat(oneBucket).endsWith("| last second: in flight 0, p99 -");
        assertThat(twoBuckets).startsWith("[   1s/10s]").endsWith("| last second: in flight 1, p99 70 ms");
        assertThat(thirdSecond).endsWith("| last second: in flight 3, p99 -");
    }

    @Test
    @DisplayName(
            "CO2, CO3: the standard figures say why one is missing: no shared Retry-After, no 100 ms record, no outage")
    void missingFiguresSayWhy() {
        TimeSeries client = SampleReports.storm().series().get(0).series();

        Map<String, Figure> steady = StandardFigures.of(ScenarioPresets.STEADY, START, client, Optional.empty());
        Map<String, Figure> retryAfter =
                StandardFigures.of(ScenarioPresets.RETRY_AFTER_12, START, client, Optional.empty());
        Map<String, Figure> empty = StandardFigures.latencies(LatencySummary.NONE, Optional.of(LatencySummary.NONE));

        assertThat(steady.get(StandardFigures.PEAK_TO_MEAN))
                .isEqualTo(Figure.absent("scenario 'steady' has no shared Retry-After"));
        assertThat(steady.get(StandardFigures.TIME_TO_RECOVER))
                .isEqualTo(Figure.absent("scenario 'steady' has no outage"));
        assertThat(retryAfter.get(StandardFigures.PEAK_TO_MEAN))
                .isEqualTo(Figure.absent("the provider's arrivals were not recorded at 100 ms"));
        assertThat(steady.keySet())
                .containsExactly(
                        StandardFigures.RETRY_AMPLIFICATION,
                        StandardFigures.PEAK_TO_MEAN,
                        StandardFigures.TIME_TO_RECOVER,
                        StandardFigures.GOODPUT,
                        StandardFigures.SUCCESS_SHARE);
        assertThat(empty.values()).containsOnly(Figure.absent("no request completed"));
        assertThat(empty.keySet())
                .containsExactly(
                        StandardFigures.P50_SERVICE_TIME,
                        StandardFigures.P99_SERVICE_TIME,
                        StandardFigures.P50_RESPONSE_TIME,
                        StandardFigures.P99_RESPONSE_TIME);
    }
}
