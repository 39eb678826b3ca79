package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeriesRecorder;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SummaryTableTest {

    @Test
    void theSummaryShowsTheOutcomeTheTotalsOfEachSeriesAndEveryFigure() {
        String table = SummaryTable.render(SampleReports.storm());

        assertThat(table).startsWith("3 AM storm \u2014 completed\n");
        assertThat(table).contains("note: a hiccup resets every connection at t = 10 s");
        assertThat(table).containsPattern("attempts sent\\s+1350\\s+500");
        assertThat(table).containsPattern("no answer \\(network\\)\\s+50\\s+50");
        assertThat(table).containsPattern("worst p99 \\(ms\\)\\s+9\\d\\d\\.\\d");
        assertThat(table).containsPattern("retry amplification \\(attempts per request\\)\\s+1\\.350");
        assertThat(table).containsPattern("time to recover \\(s\\)\\s+n/a \\(no outage in this scenario\\)");
        assertThat(table).doesNotContain("_");
    }

    @DisplayName(
            "a series name longer than its column wraps onto another header line instead of being cut with an ellipsis")
    @Test
    void longSeriesNamesWrapInsteadOfBeingCut() {
        String table = SummaryTable.render(SampleReports.storm()); // "clients, t = 9-12 s (100 ms series)" is 35 wide

        assertThat(table).doesNotContain("\u2026");
        assertThat(table).containsPattern("\\n\\s+clients, t = 9-12 s\\n");
        assertThat(table).containsPattern("\\ntotal\\s+clients, whole run\\s+\\(100 ms series\\)\\n");
    }

    @DisplayName(
            "LB10: columns say whose totals over which span, counters read in words, the provider's unseen ones as -")
    @Test
    void columnsAndCountersReadInWordsAndTheProviderDoesNotClaimZeroRequests() {
        LoadReport storm = SampleReports.storm();
        LoadReport withProvider = SampleReports.stormWithSeries(List.of(
                storm.series().get(0),
                new NamedSeries("provider per second", storm.series().get(0).series())));

        String table = SummaryTable.render(withProvider);

        assertThat(table).doesNotContain("per second").doesNotContain("logical").doesNotContain("status");
        assertThat(table).containsPattern("\\ntotal\\s+clients, whole run\\s+provider, whole run\\n");
        assertThat(table)
                .as("the provider cannot know a call from its retries")
                .containsPattern("\\nrequests asked for\\s+1000\\s+-\\n");
        assertThat(table).containsPattern("\\nanswered 2xx\\s+950\\s+950\\n");
        // 950 successes of 1000 requests, against 950 of 1350 attempts: a person's "success" is per request.
        assertThat(table).contains("requests that succeeded").contains("950 of 1000 requests sent (95.0%)");
    }

    @DisplayName("LB10: every figure and counter has a sentence that says what it means")
    @Test
    void everyFigureAndCounterIsExplained() {
        for (Counter counter : Counter.values()) {
            assertThat(SummaryTable.counterMeaning(counter)).as(counter.key()).isNotBlank();
            assertThat(SummaryTable.counterLabel(counter)).as(counter.key()).doesNotContain("_");
        }
        for (String figure : List.of(
                StandardFigures.RETRY_AMPLIFICATION,
                StandardFigures.PEAK_TO_MEAN,
                StandardFigures.TIME_TO_RECOVER,
                StandardFigures.GOODPUT,
                StandardFigures.SUCCESS_SHARE)) {
            assertThat(SummaryTable.figureMeaning(figure)).as(figure).isNotBlank();
        }
        assertThat(SummaryTable.legend()).contains("retry amplification (attempts per request): Attempts on the wire");
    }

    @Test
    void aPartialRunSaysWhy() {
        LoadReport partial = new LoadReport(
                "Provider outage",
                "run",
                SampleReports.START,
                Duration.ofSeconds(45),
                new RunOutcome.Partial("Redis lost at t = 12 s"),
                null,
                List.of(),
                Map.of(),
                List.of());

        assertThat(SummaryTable.render(partial)).startsWith("Provider outage \u2014 partial: Redis lost at t = 12 s\n");
    }

    @Test
    void theProgressLineShowsTotalsAndTheLastWholeSecond() {
        FakeClock clock = new FakeClock(SampleReports.START);
        TimeSeriesRecorder recorder = new TimeSeriesRecorder(clock, SampleReports.START, Duration.ofSeconds(1), 60);
        recorder.add(Counter.LOGICAL_REQUESTS, 10);
        recorder.add(Counter.ATTEMPTS, 12);
        recorder.flightStarted();
        recorder.flightStarted();
        recorder.response(200, Duration.ofMillis(40));
        recorder.response(429, Duration.ofMillis(80));
        clock.advance(Duration.ofMillis(1_500)); // second 1 is still filling

        String line = ProgressLine.render(Duration.ofMillis(1_500), Duration.ofSeconds(60), recorder.snapshot());

        assertThat(line)
                .isEqualTo("[   1s/60s] requests 10, attempts 12, 2xx 1, 429 1, 5xx 0, network 0, refused 0,"
                        + " exhausted 0 | last second: in flight 2, p99 80 ms");
    }

    @Test
    void theProgressLineBeforeTheFirstWholeSecondHasNoLatency() {
        FakeClock clock = new FakeClock(SampleReports.START);
        TimeSeriesRecorder recorder = new TimeSeriesRecorder(clock, SampleReports.START, Duration.ofSeconds(1), 60);

        assertThat(ProgressLine.render(Duration.ZERO, Duration.ofSeconds(60), recorder.snapshot()))
                .endsWith("last second: in flight 0, p99 -");
    }
}
