package dev.stormwatch.load.series;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class TimeSeriesRecorderTest {

    private static final Instant START = Instant.parse("2026-11-30T03:00:00Z");

    private final FakeClock clock = new FakeClock(START);
    private final TimeSeriesRecorder recorder = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 10);

    @Test
    void anEventJustBeforeABucketBoundaryStaysInTheEarlierBucket() {
        clock.set(START.plusMillis(999));
        recorder.increment(Counter.ATTEMPTS);
        clock.set(START.plusMillis(1000));
        recorder.increment(Counter.ATTEMPTS);
        recorder.increment(Counter.ATTEMPTS);
        clock.set(START.plusMillis(1001));
        recorder.increment(Counter.ATTEMPTS);

        TimeSeries series = recorder.snapshot();

        assertThat(series.buckets()).hasSize(2);
        assertThat(series.buckets().get(0).count(Counter.ATTEMPTS)).isEqualTo(1);
        assertThat(series.buckets().get(1).count(Counter.ATTEMPTS)).isEqualTo(3);
    }

    @Test
    void theSnapshotHoldsOnlyTheBucketsThatHaveBegun() {
        assertThat(recorder.snapshot().buckets()).hasSize(1);

        clock.advance(Duration.ofMillis(4_500));
        assertThat(recorder.snapshot().buckets()).hasSize(5);

        clock.advance(Duration.ofMinutes(5));
        assertThat(recorder.snapshot().buckets()).hasSize(10);
        assertThat(recorder.snapshot().end()).isEqualTo(START.plusSeconds(10));
    }

    @Test
    void eventsBeforeTheStartOrAfterTheLastBucketAreCountedOutsideNotLost() {
        recorder.add(START.minusNanos(1), Counter.ATTEMPTS, 1);
        recorder.add(START.plusSeconds(10), Counter.ATTEMPTS, 1);
        recorder.add(START.plusSeconds(10).minusNanos(1), Counter.ATTEMPTS, 1);
        clock.advance(Duration.ofSeconds(20));

        TimeSeries series = recorder.snapshot();

        assertThat(series.eventsOutside()).isEqualTo(2);
        assertThat(series.total(Counter.ATTEMPTS)).isEqualTo(1);
        assertThat(series.buckets().get(9).count(Counter.ATTEMPTS)).isEqualTo(1);
    }

    @Test
    void statusesAreSortedIntoTheirClasses() {
        recorder.response(200, Duration.ofMillis(5));
        recorder.response(204, Duration.ofMillis(5));
        recorder.response(429, Duration.ofMillis(5));
        recorder.response(503, Duration.ofMillis(5));
        recorder.response(404, Duration.ofMillis(5));

        Bucket bucket = recorder.snapshot().buckets().get(0);

        assertThat(bucket.count(Counter.STATUS_2XX)).isEqualTo(2);
        assertThat(bucket.count(Counter.STATUS_429)).isEqualTo(1);
        assertThat(bucket.count(Counter.STATUS_5XX)).isEqualTo(1);
        assertThat(bucket.count(Counter.STATUS_OTHER)).isEqualTo(1);
        assertThat(bucket.latency().count()).isEqualTo(5);
    }

    @Test
    void aProvidersRecordIsReplayedAtTheInstantsItHolds() {
        recorder.arrival(START.plusMillis(100), 200, Duration.ofMillis(3));
        recorder.arrival(START.plusMillis(2_100), 429, Duration.ofMillis(1));
        recorder.arrival(START.plusMillis(2_200), 0, Duration.ofMillis(1)); // reset: no status was sent
        clock.advance(Duration.ofSeconds(3));

        List<Bucket> buckets = recorder.snapshot().buckets();

        assertThat(buckets.get(0).count(Counter.ATTEMPTS)).isEqualTo(1);
        assertThat(buckets.get(0).count(Counter.STATUS_2XX)).isEqualTo(1);
        assertThat(buckets.get(1).count(Counter.ATTEMPTS)).isZero();
        assertThat(buckets.get(2).count(Counter.ATTEMPTS)).isEqualTo(2);
        assertThat(buckets.get(2).count(Counter.STATUS_429)).isEqualTo(1);
        assertThat(buckets.get(2).count(Counter.NETWORK_ERRORS)).isEqualTo(1);
        assertThat(buckets.get(2).latency().count()).isEqualTo(2);
    }

    @Test
    void latencyPercentilesComeFromTheBucketsHistogram() {
        for (int ms = 1; ms <= 100; ms++) {
            recorder.latency(START, Duration.ofMillis(ms));
        }
        recorder.latency(START.plusSeconds(1), Duration.ofSeconds(3));
        clock.advance(Duration.ofSeconds(1));

        List<Bucket> buckets = recorder.snapshot().buckets();
        LatencySummary first = buckets.get(0).latency();

        // Two significant digits: within 1 %.
        assertThat(first.count()).isEqualTo(100);
        assertThat(first.p50().toNanos()).isBetween(49_500_000L, 50_500_000L);
        assertThat(first.p95().toNanos()).isBetween(94_000_000L, 96_000_000L);
        assertThat(first.p99().toNanos()).isBetween(98_000_000L, 100_000_000L);
        assertThat(buckets.get(1).latency().p99().toMillis()).isBetween(2_970L, 3_030L);
    }

    @Test
    void aBucketWithoutLatenciesSaysSo() {
        recorder.increment(Counter.LOGICAL_REQUESTS);

        assertThat(recorder.snapshot().buckets().get(0).latency().isEmpty()).isTrue();
    }

    @Test
    void inFlightKeepsEachBucketsMaximumAndCarriesTheLevelIntoQuietBuckets() {
        recorder.flightStarted();
        recorder.flightStarted();
        recorder.flightStarted();
        recorder.flightEnded(); // bucket 0: peak 3, ends at 2
        clock.advance(Duration.ofSeconds(1)); // bucket 1: nothing moves, 2 still in flight
        clock.advance(Duration.ofSeconds(1));
        recorder.flightEnded();
        recorder.flightEnded(); // bucket 2: starts at 2, ends at 0
        clock.advance(Duration.ofSeconds(1)); // bucket 3: empty

        List<Bucket> buckets = recorder.snapshot().buckets();

        assertThat(buckets).extracting(Bucket::maxInFlight).containsExactly(3L, 2L, 2L, 0L);
        assertThat(recorder.inFlight()).isZero();
    }

    @Test
    void manyThreadsRecordingAtOnceLoseNoCount() throws InterruptedException {
        int threads = 8;
        int perThread = 20_000;
        CountDownLatch go = new CountDownLatch(1);
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Thread worker = new Thread(() -> {
                awaitQuietly(go);
                for (int i = 0; i < perThread; i++) {
                    recorder.flightStarted();
                    recorder.increment(Counter.ATTEMPTS);
                    recorder.response(200, Duration.ofMillis(i % 50));
                    recorder.flightEnded();
                }
            });
            worker.start();
            workers.add(worker);
        }
        go.countDown();
        for (Thread worker : workers) {
            worker.join();
        }

        Bucket bucket = recorder.snapshot().buckets().get(0);

        assertThat(bucket.count(Counter.ATTEMPTS)).isEqualTo((long) threads * perThread);
        assertThat(bucket.count(Counter.STATUS_2XX)).isEqualTo((long) threads * perThread);
        assertThat(bucket.latency().count()).isEqualTo((long) threads * perThread);
        assertThat(bucket.maxInFlight()).isBetween(1L, (long) threads);
        assertThat(recorder.inFlight()).isZero();
    }

    @Test
    void theTwoResolutionRecorderCountsTheStormWindowAtOneHundredMilliseconds() {
        TwoResolutionRecorder both = new TwoResolutionRecorder(
                clock, START, Duration.ofSeconds(30), START.plusSeconds(9), Duration.ofSeconds(3));
        clock.set(START.plusMillis(10_050));
        both.increment(Counter.ATTEMPTS);
        clock.set(START.plusMillis(10_150));
        both.increment(Counter.ATTEMPTS);
        clock.set(START.plusSeconds(20));
        both.increment(Counter.ATTEMPTS); // outside the storm window

        TimeSeries coarse = both.perSecond();
        TimeSeries fine = both.perTenthSecond();

        assertThat(coarse.buckets().get(10).count(Counter.ATTEMPTS)).isEqualTo(2);
        assertThat(fine.bucketWidth()).isEqualTo(Duration.ofMillis(100));
        assertThat(fine.buckets()).hasSize(30);
        assertThat(fine.buckets().get(10).count(Counter.ATTEMPTS)).isEqualTo(1);
        assertThat(fine.buckets().get(11).count(Counter.ATTEMPTS)).isEqualTo(1);
        assertThat(fine.eventsOutside()).isEqualTo(1);
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "CO1: the storm window's 100 ms series keeps its own latencies, response times and requests in flight")
    void theFineSeriesKeepsLatencyResponseTimeAndInFlight() {
        TwoResolutionRecorder both = new TwoResolutionRecorder(
                clock, START, Duration.ofSeconds(30), START.plusSeconds(9), Duration.ofSeconds(3));
        clock.set(START.plusMillis(10_050));
        both.flightStarted();
        both.flightStarted();
        both.latency(clock.instant(), Duration.ofMillis(40));
        both.responseTime(clock.instant(), Duration.ofMillis(700));
        clock.set(START.plusMillis(10_250));
        both.flightEnded();
        clock.set(START.plusMillis(11_500));

        Bucket fine = both.perTenthSecond().buckets().get(10);
        Bucket fineLater = both.perTenthSecond().buckets().get(13);

        assertThat(fine.maxInFlight()).isEqualTo(2);
        assertThat(fineLater.maxInFlight())
                .as("one still in flight after the other ended")
                .isEqualTo(1);
        assertThat(fine.latency().count()).isEqualTo(1);
        assertThat(fine.latency().p99()).isBetween(Duration.ofMillis(39), Duration.ofMillis(41));
        assertThat(fine.responseTime().count()).isEqualTo(1);
        assertThat(both.perSecond().buckets().get(10).maxInFlight()).isEqualTo(2);
        assertThat(both.perSecond().buckets().get(11).maxInFlight())
                .as("the per-second series heard the end too")
                .isEqualTo(1);
        assertThat(both.overallLatency().count()).isEqualTo(1);
        assertThat(both.overallResponseTime().count()).isEqualTo(1);
    }

    @Test
    void theGaugeSaysHowManyAreInFlightNow() {
        recorder.flightStarted();
        recorder.flightStarted();
        recorder.flightStarted();
        recorder.flightEnded();

        assertThat(recorder.inFlight()).isEqualTo(2);
    }

    private static void awaitQuietly(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "CO1: a response time is kept beside the service time, in the bucket where the request ended and over the run")
    void responseTimeIsKeptBesideTheServiceTime() {
        clock.set(START.plusMillis(1_500));
        recorder.latency(clock.instant(), Duration.ofMillis(10));
        recorder.responseTime(clock.instant(), Duration.ofMillis(900));
        clock.set(START.plusMillis(2_500));
        recorder.latency(clock.instant(), Duration.ofMillis(20));

        TimeSeries series = recorder.snapshot();

        Bucket second = series.buckets().get(1);
        assertThat(second.latency().p99()).isBetween(Duration.ofMillis(9), Duration.ofMillis(11));
        assertThat(second.responseTime().count()).isEqualTo(1);
        assertThat(second.responseTime().p99()).isBetween(Duration.ofMillis(890), Duration.ofMillis(910));
        assertThat(series.buckets().get(2).responseTime())
                .as("no schedule, no response time")
                .isEqualTo(LatencySummary.NONE);
        assertThat(recorder.overallLatency().count()).isEqualTo(2);
        assertThat(recorder.overallLatency().max()).isBetween(Duration.ofMillis(19), Duration.ofMillis(21));
        assertThat(recorder.overallResponseTime().count()).isEqualTo(1);
    }
}
