package dev.stormwatch.load.report;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.LatencySummary;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class StandardFiguresTest {

    private static final Instant START = Instant.parse("2026-11-30T03:00:00Z");

    @Test
    void theOutageScenarioGetsATimeToRecoverAndNoPeakToMean() {
        List<Bucket> seconds = new ArrayList<>();
        for (int s = 0; s < 45; s++) {
            boolean down = s >= 10 && s < 30;
            seconds.add(Bucket.counting(
                    Duration.ofSeconds(s),
                    Map.of(
                            Counter.LOGICAL_REQUESTS,
                            10L,
                            Counter.ATTEMPTS,
                            down ? 30L : 10L,
                            down ? Counter.STATUS_5XX : Counter.STATUS_2XX,
                            down ? 30L : 10L)));
        }
        TimeSeries client = new TimeSeries(START, Duration.ofSeconds(1), seconds, 0);

        Map<String, Figure> figures =
                StandardFigures.of(ScenarioPresets.PROVIDER_OUTAGE, START, client, Optional.empty());

        assertThat(figures)
                .containsOnlyKeys(
                        StandardFigures.RETRY_AMPLIFICATION,
                        StandardFigures.PEAK_TO_MEAN,
                        StandardFigures.TIME_TO_RECOVER,
                        StandardFigures.GOODPUT,
                        StandardFigures.SUCCESS_SHARE);
        assertThat(figures.get(StandardFigures.TIME_TO_RECOVER)).isEqualTo(Figure.of(1.0));
        assertThat(figures.get(StandardFigures.RETRY_AMPLIFICATION)).isEqualTo(Figure.of((25 * 10 + 20 * 30) / 450.0));
        assertThat(figures.get(StandardFigures.PEAK_TO_MEAN)).isInstanceOf(Figure.Absent.class);
    }

    @Test
    void theRetryAfterScenarioMeasuresThePeakAtTheProviderAfterOneHundredThirtySeconds() {
        List<Bucket> tenths = new ArrayList<>();
        for (int t = 0; t < 20; t++) {
            tenths.add(Bucket.counting(Duration.ofMillis(100L * t), Map.of(Counter.ATTEMPTS, t == 10 ? 91L : 1L)));
        }
        TimeSeries provider = new TimeSeries(START.plusSeconds(129), Duration.ofMillis(100), tenths, 0);
        TimeSeries client = new TimeSeries(START, Duration.ofSeconds(1), List.of(), 0);

        Map<String, Figure> figures =
                StandardFigures.of(ScenarioPresets.RETRY_AFTER_120, START, client, Optional.of(provider));

        // The second after t = 130 s: nine buckets of 1 and one of 91; mean 10, peak 91.
        assertThat(figures.get(StandardFigures.PEAK_TO_MEAN)).isEqualTo(Figure.of(9.1));
        assertThat(figures.get(StandardFigures.TIME_TO_RECOVER)).isInstanceOf(Figure.Absent.class);
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "CO2: the run's p50 and p99 of service time and of response time from the intended start, in ms, side by side")
    void latenciesOfAnOpenLoopRunAreGivenSideBySide() {
        LatencySummary service = new LatencySummary(
                500, Duration.ofMillis(2), Duration.ofMillis(3), Duration.ofMillis(4), Duration.ofMillis(1_000));
        LatencySummary response = new LatencySummary(
                500, Duration.ofMillis(3), Duration.ofMillis(700), Duration.ofMillis(950), Duration.ofMillis(1_000));

        Map<String, Figure> figures = StandardFigures.latencies(service, Optional.of(response));

        assertThat(figures)
                .containsExactly(
                        Map.entry(StandardFigures.P50_SERVICE_TIME, Figure.of(2.0)),
                        Map.entry(StandardFigures.P99_SERVICE_TIME, Figure.of(4.0)),
                        Map.entry(StandardFigures.P50_RESPONSE_TIME, Figure.of(3.0)),
                        Map.entry(StandardFigures.P99_RESPONSE_TIME, Figure.of(950.0)));
    }

    @Test
    @org.junit.jupiter.api.DisplayName("CO3: a closed loop has no response time from an intended start, and says why")
    void aClosedLoopHasNoResponseTimeAndSaysWhy() {
        LatencySummary service = new LatencySummary(
                10, Duration.ofMillis(2), Duration.ofMillis(3), Duration.ofMillis(4), Duration.ofMillis(5));

        Map<String, Figure> figures = StandardFigures.latencies(service, Optional.empty());

        assertThat(figures.get(StandardFigures.P99_SERVICE_TIME)).isEqualTo(Figure.of(4.0));
        assertThat(figures.get(StandardFigures.P99_RESPONSE_TIME))
                .isInstanceOfSatisfying(
                        Figure.Absent.class,
                        absent -> assertThat(absent.reason()).contains("closed loop"));
        assertThat(StandardFigures.latencies(LatencySummary.NONE, Optional.of(LatencySummary.NONE))
                        .get(StandardFigures.P99_RESPONSE_TIME))
                .isInstanceOf(Figure.Absent.class);
    }
}
