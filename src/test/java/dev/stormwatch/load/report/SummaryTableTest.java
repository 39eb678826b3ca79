package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.FakeClock;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeriesRecorder;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SummaryTableTest {

    @Test
    void theSummaryShowsTheOutcomeTheTotalsOfEachSeriesAndEveryFigure() {
        String table = SummaryTable.render(SampleReports.storm());

        assertThat(table).startsWith("3 AM storm \u2014 completed\n");
        assertThat(table).contains("note: a hiccup resets every connection at t = 10 s");
        assertThat(table).containsPattern("attempts\\s+1350\\s+500");
        assertThat(table).containsPattern("network_errors\\s+50\\s+50");
        assertThat(table).containsPattern("worst p99 \\(ms\\)\\s+9\\d\\d\\.\\d");
        assertThat(table).containsPattern("retry_amplification\\s+1\\.350");
        assertThat(table).contains("time_to_recover_s                n/a (no outage in this scenario)");
    }

    @Test
    void aPartialRunSaysWhy() {
        LoadReport partial = new LoadReport("Provider outage", "run", SampleReports.START, Duration.ofSeconds(45),
                new RunOutcome.Partial("Redis lost at t = 12 s"), null, List.of(), Map.of(), List.of());

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

        assertThat(line).isEqualTo("[   1s/60s] requests 10, attempts 12, 2xx 1, 429 1, 5xx 0, network 0, refused 0,"
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
