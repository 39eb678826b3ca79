package dev.stormwatch.load.engine;

import static dev.stormwatch.load.engine.ComparisonCells.cell;
import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.ComparisonTable;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.NamedSeries;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.report.StandardFigures;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.simulation.BackoffStrategy;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * LB18 on the provider outage preset (scaled as in {@link ProviderOutageScenarioTest}: 503 from t = 3 s to t = 7 s), on
 * the whole engine on simulated time (decision 0039), one seed: the comparison's rows from the fault on read the
 * outage's end, where the clients come back, and its time to recover is shown once.
 */
class OutageComparisonStoryTest {

    private static final long SEED = 11;
    /** Arrivals per second (open loop), as the outage's own test runs it. */
    private static final int RATE = 50;

    private static final Scenario OUTAGE = ProviderOutageScenarioTest.scaledOutage();

    @Test
    @DisplayName("LB18: on an outage the peak to mean is read in the second the outage ends, not at its start nor over"
            + " the whole run")
    void thePeakToMeanOfAnOutageIsReadWhereItEnds() throws Exception {
        LoadReport jittered = run(BackoffStrategy.FULL);
        LoadReport bunched = run(BackoffStrategy.NONE);
        List<List<String>> rows = ComparisonTable.rows(List.of(
                new ComparisonTable.Run("full jitter", jittered, OUTAGE),
                new ComparisonTable.Run("no backoff", bunched, OUTAGE)));

        Scenario.Window outage = OUTAGE.outage().orElseThrow();
        for (int column = 1; column <= 2; column++) {
            LoadReport report = column == 1 ? jittered : bunched;
            TimeSeries fine = providerPer100ms(report);
            Instant start = report.startedAt();
            String shown = cell(rows, ComparisonTable.FROM_FAULT_PEAK, column);
            // Worked out here from the provider's own 100 ms record: the busiest tenth of the second from the
            // outage's end, against that second's mean.
            assertThat(shown)
                    .as("peak to mean as the outage ends, column %d", column)
                    .isEqualTo(twoPlaces(peakToMean(
                            fine,
                            start.plus(outage.end()),
                            start.plus(outage.end()).plusSeconds(1))));
            // Taken at the outage's start it could not be read at all: the 100 ms record is kept around its end.
            assertThat(peakToMean(
                            fine,
                            start.plus(outage.start()),
                            start.plus(outage.start()).plusSeconds(1)))
                    .as("peak to mean in the outage's first second")
                    .isNaN();
            // Over the whole 100 ms record it would read another number.
            assertThat(shown)
                    .as("peak to mean over the whole 100 ms record, column %d", column)
                    .isNotEqualTo(twoPlaces(peakToMean(fine, fine.start(), fine.end())));
        }
    }

    @Test
    @DisplayName("LB18: an outage's time to recover from the fault is the whole run's, by definition, and shown once")
    void anOutagesTimeToRecoverIsShownOnce() throws Exception {
        LoadReport jittered = run(BackoffStrategy.FULL);
        List<List<String>> rows = ComparisonTable.rows(List.of(
                new ComparisonTable.Run("full jitter", jittered, OUTAGE),
                new ComparisonTable.Run("again", jittered, OUTAGE)));

        Figure wholeRun = jittered.figures().get(StandardFigures.TIME_TO_RECOVER);
        assertThat(wholeRun).isInstanceOf(Figure.Value.class);
        assertThat(cell(rows, ComparisonTable.FROM_FAULT_RECOVERY, 1))
                .isEqualTo(twoPlaces(((Figure.Value) wholeRun).value()));
        assertThat(rows)
                .extracting(row -> row.get(0))
                .as("the whole run's time to recover is the same number: one row says it")
                .doesNotContain(ComparisonTable.TIME_TO_RECOVER)
                .containsOnlyOnce(ComparisonTable.FROM_FAULT_RECOVERY);
    }

    private static LoadReport run(BackoffStrategy jitter) throws Exception {
        SimulatedTime time = new SimulatedTime(Instant.parse("2026-12-01T03:00:00.300Z"));
        LoadReport report = SimulatedEngine.on(time, EngineSettings.defaults().withDrain(Duration.ofSeconds(2)))
                .run(
                        LoadOptions.builder()
                                .scenario(OUTAGE)
                                .clients(300)
                                .rate(RATE)
                                .jitter(jitter)
                                .duration(Duration.ofSeconds(10))
                                .seed(SEED)
                                .build(),
                        line -> {});
        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        return report;
    }

    private static TimeSeries providerPer100ms(LoadReport report) {
        return report.series().stream()
                .filter(named -> named.name().startsWith("provider per 100 ms"))
                .map(NamedSeries::series)
                .findFirst()
                .orElseThrow();
    }

    /** The busiest 100 ms bucket lying wholly in [from, to) against their mean; NaN where none lies there. */
    private static double peakToMean(TimeSeries fine, Instant from, Instant to) {
        long peak = 0;
        long total = 0;
        int buckets = 0;
        for (int i = 0; i < fine.buckets().size(); i++) {
            Instant bucketStart = fine.bucketStart(i);
            if (bucketStart.isBefore(from)
                    || bucketStart.plus(fine.bucketWidth()).isAfter(to)) {
                continue;
            }
            long arrivals = fine.buckets().get(i).count(Counter.ATTEMPTS);
            peak = Math.max(peak, arrivals);
            total += arrivals;
            buckets++;
        }
        return buckets < 2 || total == 0 ? Double.NaN : peak / ((double) total / buckets);
    }

    private static String twoPlaces(double value) {
        return String.format(Locale.ROOT, "%.2f", value);
    }
}
