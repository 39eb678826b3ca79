package dev.stormwatch.load.series;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;

/** The derived figures, computed on series made by hand. */
class DerivedFiguresTest {

    private static final Instant START = Instant.parse("2026-11-30T03:00:00Z");
    private static final Offset<Double> EXACT = Offset.offset(1e-9);

    @Test
    void amplificationIsAttemptsPerLogicalRequest() {
        TimeSeries series = perSecond(
                Map.of(Counter.LOGICAL_REQUESTS, 60L, Counter.ATTEMPTS, 80L),
                Map.of(Counter.LOGICAL_REQUESTS, 40L, Counter.ATTEMPTS, 70L));

        assertThat(value(RetryAmplification.of(series))).isCloseTo(1.5, EXACT);
    }

    @Test
    void amplificationWithoutRetriesIsOne() {
        TimeSeries series = perSecond(Map.of(Counter.LOGICAL_REQUESTS, 10L, Counter.ATTEMPTS, 10L));

        assertThat(value(RetryAmplification.of(series))).isCloseTo(1.0, EXACT);
    }

    @Test
    @org.junit.jupiter.api.DisplayName("LB2: requests refused before anything went out are not in the amplification")
    void amplificationLeavesOutRequestsThatSentNothing() {
        // 100 calls, 60 of them refused by the limiter before their first attempt; the 40 that went out made 50
        // attempts.
        TimeSeries series =
                perSecond(Map.of(Counter.LOGICAL_REQUESTS, 100L, Counter.UNSENT_REQUESTS, 60L, Counter.ATTEMPTS, 50L));

        assertThat(value(RetryAmplification.of(series))).isCloseTo(1.25, EXACT);
    }

    @Test
    @org.junit.jupiter.api.DisplayName("LB2: a run where every request was refused has no amplification, not zero")
    void amplificationWhenNothingWentOutIsAbsent() {
        TimeSeries series = perSecond(Map.of(Counter.LOGICAL_REQUESTS, 7L, Counter.UNSENT_REQUESTS, 7L));

        assertThat(RetryAmplification.of(series)).isInstanceOf(Figure.Absent.class);
    }

    @Test
    void amplificationWithoutRequestsIsAbsentNotZero() {
        assertThat(RetryAmplification.of(perSecond(Map.of(Counter.ATTEMPTS, 3L))))
                .isInstanceOf(Figure.Absent.class);
    }

    @Test
    void everyArrivalInOneTenthOfTheSecondAfterRetryAfterIsAPeakOfTen() {
        List<Map<Counter, Long>> tenths = new ArrayList<>();
        for (int i = 0; i < 30; i++) {
            tenths.add(Map.of());
        }
        tenths.set(20, Map.of(Counter.ATTEMPTS, 500L)); // t = 2.0 s: the whole herd at once
        TimeSeries series = series(Duration.ofMillis(100), tenths);

        Figure figure = ArrivalPeak.afterRetryAfter(series, START.plusSeconds(2));

        assertThat(value(figure)).isCloseTo(10.0, EXACT);
    }

    @Test
    void arrivalsSpreadEvenlyOverTheSecondArePeakToMeanOne() {
        List<Map<Counter, Long>> tenths = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            tenths.add(Map.of(Counter.ATTEMPTS, 7L));
        }
        TimeSeries series = series(Duration.ofMillis(100), tenths);

        assertThat(value(ArrivalPeak.afterRetryAfter(series, START.plusSeconds(1))))
                .isCloseTo(1.0, EXACT);
    }

    @Test
    void peakToMeanCountsOnlyBucketsWhollyInsideTheWindow() {
        List<Map<Counter, Long>> tenths = new ArrayList<>();
        for (int i = 0; i < 20; i++) {
            tenths.add(Map.of(Counter.ATTEMPTS, 10L));
        }
        tenths.set(3, Map.of(Counter.ATTEMPTS, 1_000L)); // cut by the window's start at 0.35 s: left out
        tenths.set(13, Map.of(Counter.ATTEMPTS, 1_000L)); // cut by its end at 1.35 s: left out
        tenths.set(8, Map.of(Counter.ATTEMPTS, 100L)); // inside
        TimeSeries series = series(Duration.ofMillis(100), tenths);

        Figure figure = ArrivalPeak.peakToMean(series, Counter.ATTEMPTS, START.plusMillis(350), Duration.ofSeconds(1));

        // Nine whole buckets 0.4 .. 1.3 s: eight of 10 and one of 100; mean 180 / 9 = 20; peak 100.
        assertThat(value(figure)).isCloseTo(5.0, EXACT);
    }

    @Test
    void aOneSecondSeriesCannotShowABurstInsideASecond() {
        TimeSeries series = perSecond(Map.of(Counter.ATTEMPTS, 10L), Map.of(Counter.ATTEMPTS, 500L));

        Figure figure = ArrivalPeak.afterRetryAfter(series, START.plusSeconds(1));

        assertThat(figure).isInstanceOf(Figure.Absent.class);
        assertThat(((Figure.Absent) figure).reason()).contains("100 ms");
    }

    @Test
    void recoveryIsMeasuredFromTheOutagesEndToTheEndOfTheFirstBucketBackAtNinetyPercent() {
        List<Map<Counter, Long>> seconds = new ArrayList<>();
        for (int s = 0; s < 10; s++) {
            seconds.add(Map.of(Counter.STATUS_2XX, 100L));
        }
        for (int s = 10; s < 30; s++) {
            seconds.add(Map.of(Counter.STATUS_5XX, 100L));
        }
        seconds.add(Map.of(Counter.STATUS_2XX, 50L)); // 30 s: coming back
        seconds.add(Map.of(Counter.STATUS_2XX, 89L)); // 31 s: just below 90
        seconds.add(Map.of(Counter.STATUS_2XX, 90L)); // 32 s: on the threshold
        seconds.add(Map.of(Counter.STATUS_2XX, 100L));
        TimeSeries series = series(Duration.ofSeconds(1), seconds);

        Figure figure = Recovery.timeToRecover(series, START.plusSeconds(10), START.plusSeconds(30));

        assertThat(value(figure)).isCloseTo(3.0, EXACT);
    }

    @Test
    void recoveryInTheFirstSecondAfterTheOutageIsOneBucket() {
        TimeSeries series = perSecond(Map.of(Counter.STATUS_2XX, 10L), Map.of(), Map.of(Counter.STATUS_2XX, 10L));

        assertThat(value(Recovery.timeToRecover(series, START.plusSeconds(1), START.plusSeconds(2))))
                .isCloseTo(1.0, EXACT);
    }

    @Test
    void aRunThatNeverRecoversSaysSo() {
        TimeSeries series = perSecond(Map.of(Counter.STATUS_2XX, 10L), Map.of(), Map.of(Counter.STATUS_2XX, 5L));

        Figure figure = Recovery.timeToRecover(series, START.plusSeconds(1), START.plusSeconds(2));

        assertThat(figure).isInstanceOf(Figure.Absent.class);
        assertThat(((Figure.Absent) figure).reason()).contains("did not come back to 90 %");
    }

    @Test
    void recoveryNeedsSuccessesBeforeTheOutage() {
        TimeSeries series = perSecond(Map.of(), Map.of(Counter.STATUS_2XX, 10L));

        assertThat(Recovery.timeToRecover(series, START.plusSeconds(0), START.plusSeconds(1)))
                .isInstanceOf(Figure.Absent.class);
        assertThatThrownBy(() -> Recovery.timeToRecover(series, START.plusSeconds(2), START.plusSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void goodputIsSuccessesPerSecondOverTheWholeSeries() {
        TimeSeries series = series(
                Duration.ofMillis(500),
                List.of(
                        Map.of(Counter.STATUS_2XX, 40L, Counter.ATTEMPTS, 50L),
                        Map.of(Counter.STATUS_2XX, 60L, Counter.ATTEMPTS, 150L),
                        Map.of(Counter.STATUS_2XX, 0L, Counter.ATTEMPTS, 0L),
                        Map.of(Counter.STATUS_2XX, 100L, Counter.ATTEMPTS, 200L)));

        assertThat(value(Goodput.perSecond(series))).isCloseTo(100.0, EXACT); // 200 in 2 s
        assertThat(value(Goodput.successShare(series))).isCloseTo(0.5, EXACT);
    }

    @Test
    void goodputOfAnEmptySeriesIsAbsent() {
        TimeSeries empty = new TimeSeries(START, Duration.ofSeconds(1), List.of(), 0);

        assertThat(Goodput.perSecond(empty)).isInstanceOf(Figure.Absent.class);
        assertThat(Goodput.successShare(empty)).isInstanceOf(Figure.Absent.class);
    }

    @Test
    void aSeriesWithAGapIsRefused() {
        assertThatThrownBy(() -> new TimeSeries(
                        START,
                        Duration.ofSeconds(1),
                        List.of(
                                Bucket.counting(Duration.ZERO, Map.of()),
                                Bucket.counting(Duration.ofSeconds(2), Map.of())),
                        0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("bucket 1");
    }

    @Test
    void aBucketWidthFinerThanAMillisecondIsRefusedBecauseReportsCouldNotKeepIt() {
        assertThatThrownBy(() -> new TimeSeries(START, Duration.ofNanos(1_500_000), List.of(), 0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("whole milliseconds");
    }

    @Test
    @org.junit.jupiter.api.DisplayName("LB4: two whole buckets in the window are enough for a peak-to-mean")
    void twoWholeBucketsGiveAPeakToMean() {
        TimeSeries series =
                series(Duration.ofMillis(500), List.of(Map.of(Counter.ATTEMPTS, 30L), Map.of(Counter.ATTEMPTS, 10L)));

        // Peak 30 over a mean of 20.
        assertThat(value(ArrivalPeak.afterRetryAfter(series, START))).isCloseTo(1.5, EXACT);
    }

    @Test
    @org.junit.jupiter.api.DisplayName("LB4: a window that runs past the series' end reads the buckets the series has")
    void aWindowPastTheSeriesEndReadsItsBuckets() {
        List<Map<Counter, Long>> tenths = new ArrayList<>();
        for (int i = 0; i < 10; i++) {
            tenths.add(Map.of(Counter.ATTEMPTS, 4L));
        }
        tenths.set(9, Map.of(Counter.ATTEMPTS, 40L)); // the last bucket of the series
        TimeSeries series = series(Duration.ofMillis(100), tenths);

        // A two-second window over a one-second series: its ten buckets, 76 in all, a mean of 7.6 and a peak of 40.
        assertThat(value(ArrivalPeak.peakToMean(series, Counter.ATTEMPTS, START, Duration.ofSeconds(2))))
                .isCloseTo(40 / 7.6, EXACT);
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "LB4: a window with whole buckets but no arrivals has no peak-to-mean, and says so")
    void aQuietWindowHasNoPeakToMean() {
        TimeSeries series = series(Duration.ofMillis(100), List.of(Map.of(), Map.of(), Map.of()));

        Figure figure = ArrivalPeak.peakToMean(series, Counter.ATTEMPTS, START, Duration.ofMillis(300));

        assertThat(figure).isInstanceOf(Figure.Absent.class);
        assertThat(((Figure.Absent) figure).reason()).startsWith("no attempts in the window");
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "LB4: recovery to the whole baseline is allowed; a share of zero or above one is refused")
    void theRecoveryShareMayBeOneButNotZero() {
        TimeSeries series = perSecond(Map.of(Counter.STATUS_2XX, 10L), Map.of(), Map.of(Counter.STATUS_2XX, 10L));

        assertThat(value(Recovery.timeToRecover(series, START.plusSeconds(1), START.plusSeconds(2), 1.0)))
                .isCloseTo(1.0, EXACT);
        assertThatThrownBy(() -> Recovery.timeToRecover(series, START.plusSeconds(1), START.plusSeconds(2), 0.0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("fraction must be in (0, 1], was 0.0");
        assertThatThrownBy(() -> Recovery.timeToRecover(series, START.plusSeconds(1), START.plusSeconds(2), 1.01))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("was 1.01");
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "LB4: an outage that starts after the series has no bucket to recover in, and says so")
    void anOutageAfterTheSeriesHasNothingToRecoverIn() {
        TimeSeries series = perSecond(Map.of(Counter.STATUS_2XX, 10L), Map.of(Counter.STATUS_2XX, 10L));

        Figure figure = Recovery.timeToRecover(series, START.plusSeconds(5), START.plusSeconds(6));

        assertThat(figure).isInstanceOf(Figure.Absent.class);
        assertThat(((Figure.Absent) figure).reason()).contains("did not come back");
    }

    @Test
    @org.junit.jupiter.api.DisplayName("LB4: an outage of no length is allowed; recovery counts from its instant")
    void anInstantOutageIsMeasuredFromItsInstant() {
        TimeSeries series = perSecond(Map.of(Counter.STATUS_2XX, 10L), Map.of(Counter.STATUS_2XX, 10L));

        assertThat(value(Recovery.timeToRecover(series, START.plusSeconds(1), START.plusSeconds(1))))
                .isCloseTo(1.0, EXACT);
    }

    @Test
    @org.junit.jupiter.api.DisplayName("LB10: a status is counted in its class at each edge of 2xx and 5xx")
    void statusClassesAtTheirEdges() {
        assertThat(List.of(199, 200, 299, 300, 428, 429, 430, 499, 500, 599, 600).stream()
                        .map(Counter::forStatus)
                        .toList())
                .containsExactly(
                        Counter.STATUS_OTHER,
                        Counter.STATUS_2XX,
                        Counter.STATUS_2XX,
                        Counter.STATUS_OTHER,
                        Counter.STATUS_OTHER,
                        Counter.STATUS_429,
                        Counter.STATUS_OTHER,
                        Counter.STATUS_OTHER,
                        Counter.STATUS_5XX,
                        Counter.STATUS_5XX,
                        Counter.STATUS_OTHER);
    }

    @SafeVarargs
    @SuppressWarnings("varargs") // the array is only copied into an immutable list, never written or kept
    private static TimeSeries perSecond(Map<Counter, Long>... buckets) {
        return series(Duration.ofSeconds(1), List.of(buckets));
    }

    private static TimeSeries series(Duration width, List<Map<Counter, Long>> counts) {
        List<Bucket> buckets = new ArrayList<>();
        for (int i = 0; i < counts.size(); i++) {
            buckets.add(Bucket.counting(width.multipliedBy(i), counts.get(i)));
        }
        return new TimeSeries(START, width, buckets, 0);
    }

    private static double value(Figure figure) {
        assertThat(figure).isInstanceOf(Figure.Value.class);
        return ((Figure.Value) figure).value();
    }
}
