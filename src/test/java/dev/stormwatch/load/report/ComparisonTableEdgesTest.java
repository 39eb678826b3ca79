package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.series.TimeSeriesRecorder;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The comparison's rows counted from the first fault on (LB18), with values made by hand. */
class ComparisonTableEdgesTest {

    private static final Instant START = Instant.parse("2026-12-02T03:00:00Z");

    private static TimeSeries series(Instant from, Duration width, int buckets, Consumer<TimeSeriesRecorder> fill) {
        FakeClock clock = new FakeClock(START);
        TimeSeriesRecorder recorder = new TimeSeriesRecorder(clock, from, width, buckets);
        fill.accept(recorder);
        clock.advance(Duration.ofSeconds(60));
        return recorder.snapshot();
    }

    /**
     * A provider outage from t = 10 s to 30 s: ten successes a second before and after it, three 429s and two
     * retries before it, four 429s, six retries and 12 attempts for 8 requests during it, and at the provider all ten
     * arrivals of the second it ends in its first 100 ms.
     */
    private static LoadReport outageRun() {
        TimeSeries client = series(START, Duration.ofSeconds(1), 45, r -> {
            for (int s = 0; s < 45; s++) {
                if (s < 10 || s >= 30) {
                    r.add(START.plusSeconds(s), Counter.STATUS_2XX, 10);
                    r.add(START.plusSeconds(s), Counter.ATTEMPTS, 10);
                    r.add(START.plusSeconds(s), Counter.LOGICAL_REQUESTS, 10);
                }
            }
            r.add(START.plusSeconds(5), Counter.STATUS_429, 3);
            r.add(START.plusSeconds(5), Counter.RETRIES, 2);
            r.add(START.plusSeconds(12), Counter.STATUS_429, 4);
            r.add(START.plusSeconds(15), Counter.RETRIES, 6);
            r.add(START.plusSeconds(15), Counter.ATTEMPTS, 12);
            r.add(START.plusSeconds(15), Counter.LOGICAL_REQUESTS, 8);
        });
        TimeSeries providerFine = series(
                START.plusSeconds(28),
                Duration.ofMillis(100),
                60,
                r -> r.add(START.plusSeconds(30), Counter.ATTEMPTS, 10));
        return new LoadReport(
                "Provider outage",
                "run",
                START,
                Duration.ofSeconds(45),
                new RunOutcome.Completed(),
                1L,
                List.of(),
                Map.of(StandardFigures.RETRY_AMPLIFICATION, Figure.of(1.0)),
                List.of(
                        new NamedSeries("client per second", client),
                        new NamedSeries("provider per 100 ms, from t = 28 s", providerFine)));
    }

    private static Map<String, List<String>> rowsByLabel(List<ComparisonTable.Run> runs) {
        Map<String, List<String>> rows = new java.util.LinkedHashMap<>();
        for (List<String> row : ComparisonTable.rows(runs)) {
            rows.put(row.get(0), row.subList(1, row.size()));
        }
        return rows;
    }

    @Test
    @DisplayName("LB18: from the fault on counts only what came from its second, and a run without a fault reads n/a")
    void fromTheFaultOnCountsFromItsSecond() {
        LoadReport report = outageRun();
        Map<String, List<String>> rows = rowsByLabel(List.of(
                new ComparisonTable.Run("outage", report, ScenarioPresets.PROVIDER_OUTAGE),
                new ComparisonTable.Run("no fault", report)));

        assertThat(rows.get(ComparisonTable.FROM_FAULT_429)).containsExactly("4", "n/a");
        assertThat(rows.get(ComparisonTable.FROM_FAULT_RETRIES)).containsExactly("6", "n/a");
        // 12 attempts for 8 requests during it, then 150 for 150 after it: (12 + 150) / (8 + 150).
        assertThat(rows.get(ComparisonTable.FROM_FAULT_AMPLIFICATION)).containsExactly("1.03", "n/a");
        assertThat(rows.get(ComparisonTable.FROM_FAULT_PEAK)).containsExactly("10.00", "n/a");
        assertThat(rows.get(ComparisonTable.FROM_FAULT_RECOVERY)).containsExactly("1.00", "n/a");
        assertThat(rows.get("429 answers")).containsExactly("7", "7");
        assertThat(rows.get("attempts sent")).containsExactly("262", "262"); // 25 quiet seconds of 10, and 12
        assertThat(rows.keySet())
                .as("the story from the fault on comes right under the whole run's amplification")
                .startsWith(
                        "retry amplification (attempts per request)",
                        ComparisonTable.FROM_FAULT_429,
                        ComparisonTable.FROM_FAULT_RETRIES,
                        ComparisonTable.FROM_FAULT_AMPLIFICATION,
                        ComparisonTable.FROM_FAULT_PEAK,
                        ComparisonTable.FROM_FAULT_RECOVERY,
                        "peak to mean after Retry-After");
    }

    @Test
    @DisplayName("LB18: a report without the series a row reads says n/a in that row, never a made-up zero")
    void aReportWithoutTheSeriesSaysNotAvailable() {
        LoadReport bare = new LoadReport(
                "Provider outage",
                "run",
                START,
                Duration.ofSeconds(45),
                new RunOutcome.Completed(),
                null,
                List.of(),
                Map.of(StandardFigures.RETRY_AMPLIFICATION, Figure.absent("nothing sent")),
                List.of());
        ComparisonTable.Run run = new ComparisonTable.Run("bare", bare, ScenarioPresets.PROVIDER_OUTAGE);

        Map<String, List<String>> rows = rowsByLabel(List.of(run, run));

        for (String label : List.of(
                ComparisonTable.FROM_FAULT_429,
                ComparisonTable.FROM_FAULT_RETRIES,
                ComparisonTable.FROM_FAULT_AMPLIFICATION,
                ComparisonTable.FROM_FAULT_PEAK,
                ComparisonTable.FROM_FAULT_RECOVERY,
                "attempts sent",
                "retry amplification (attempts per request)")) {
            assertThat(rows.get(label)).as(label).containsExactly("n/a", "n/a");
        }
        assertThat(ComparisonTable.verdict(bare)).isEmpty();
        assertThat(ComparisonTable.render(run, run)).doesNotContain("bare: ");
    }

    @Test
    @DisplayName("LB10: every row of the table says what it means; a label it does not know means nothing")
    void everyRowSaysWhatItMeans() {
        LoadReport report = outageRun();
        ComparisonTable.Run run = new ComparisonTable.Run("a", report, ScenarioPresets.PROVIDER_OUTAGE);
        ComparisonTable.Run steady = new ComparisonTable.Run("b", report);

        for (List<String> row : ComparisonTable.rows(run, steady)) {
            assertThat(ComparisonTable.meaning(row.get(0))).as(row.get(0)).isNotBlank();
        }
        assertThat(ComparisonTable.meaning(ComparisonTable.TIME_TO_RECOVER))
                .isEqualTo(SummaryTable.figureMeaning(StandardFigures.TIME_TO_RECOVER));
        assertThat(ComparisonTable.meaning("calls out of budget"))
                .isEqualTo(SummaryTable.counterMeaning(Counter.EXHAUSTED_BUDGETS));
        assertThat(ComparisonTable.meaning("refused by the limiter"))
                .isEqualTo(SummaryTable.counterMeaning(Counter.LIMITER_REFUSED));
        assertThat(ComparisonTable.meaning("something else")).isEmpty();
        assertThat(run.fault())
                .contains(new dev.stormwatch.load.scenario.Scenario.Window(
                        Duration.ofSeconds(10), Duration.ofSeconds(30)));
        assertThat(steady.fault()).isEmpty();
    }
}
