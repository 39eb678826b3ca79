package dev.stormwatch.load.series;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicLongArray;
import java.util.concurrent.atomic.AtomicReferenceArray;
import org.HdrHistogram.AtomicHistogram;

/**
 * Records a load run into fixed-width buckets on an injected clock, from many threads at once, without locks: one
 * atomic array of counters for all buckets, a lock-free HdrHistogram per bucket (allocated on first use), and an
 * in-flight gauge whose per-bucket maximum is kept.
 *
 * <p>The number of buckets is fixed up front, so memory is bounded; events outside the window are counted, not lost.
 */
public final class TimeSeriesRecorder implements LoadRecorder {

    private static final int COUNTERS = Counter.values().length;
    /** Latencies are recorded in microseconds, up to ten minutes; anything longer is recorded as ten minutes. */
    private static final long HIGHEST_LATENCY_MICROS = Duration.ofMinutes(10).toNanos() / 1_000;
    /** Two significant digits: 1 % precision, about 20 KB per histogram, so thousands of buckets stay affordable. */
    private static final int SIGNIFICANT_DIGITS = 2;

    private final Clock clock;
    private final Instant start;
    private final Duration bucketWidth;
    private final long bucketWidthNanos;
    private final int bucketCount;
    private final AtomicLongArray counts;
    private final AtomicReferenceArray<AtomicHistogram> latencies;
    private final AtomicReferenceArray<AtomicHistogram> responseTimes;
    /** Every latency and response time of the series, for the run's own percentiles (CO2). */
    private final AtomicHistogram allLatencies = new AtomicHistogram(HIGHEST_LATENCY_MICROS, SIGNIFICANT_DIGITS);

    private final AtomicHistogram allResponseTimes = new AtomicHistogram(HIGHEST_LATENCY_MICROS, SIGNIFICANT_DIGITS);
    private final AtomicLongArray maxInFlight;
    private final AtomicLongArray inFlightAtEnd;
    private final AtomicLongArray inFlightTouched;
    private final AtomicLong inFlight = new AtomicLong();
    private final AtomicLong eventsOutside = new AtomicLong();

    /**
     * @param clock the clock that says "now" (a fake one in tests)
     * @param start the instant at which the first bucket starts
     * @param bucketWidth the width of each bucket (1 s for the run, 100 ms around a storm)
     * @param bucketCount how many buckets the series holds, at least 1
     */
    public TimeSeriesRecorder(Clock clock, Instant start, Duration bucketWidth, int bucketCount) {
        if (bucketWidth.isNegative() || bucketWidth.isZero()) {
            throw new IllegalArgumentException("bucket width must be positive, was " + bucketWidth);
        }
        if (bucketWidth.toNanos() % 1_000_000 != 0) {
            throw new IllegalArgumentException("bucket width must be whole milliseconds, was " + bucketWidth);
        }
        if (bucketCount < 1) {
            throw new IllegalArgumentException("bucket count must be at least 1, was " + bucketCount);
        }
        this.clock = clock;
        this.start = start;
        this.bucketWidth = bucketWidth;
        this.bucketWidthNanos = bucketWidth.toNanos();
        this.bucketCount = bucketCount;
        this.counts = new AtomicLongArray(bucketCount * COUNTERS);
        this.latencies = new AtomicReferenceArray<>(bucketCount);
        this.responseTimes = new AtomicReferenceArray<>(bucketCount);
        this.maxInFlight = new AtomicLongArray(bucketCount);
        this.inFlightAtEnd = new AtomicLongArray(bucketCount);
        this.inFlightTouched = new AtomicLongArray(bucketCount);
    }

    /** A recorder whose buckets cover {@code length} from {@code start} (rounded up to whole buckets). */
    public static TimeSeriesRecorder covering(Clock clock, Instant start, Duration length, Duration bucketWidth) {
        long buckets = Math.max(1, (length.toNanos() + bucketWidth.toNanos() - 1) / bucketWidth.toNanos());
        if (buckets > Integer.MAX_VALUE / COUNTERS) {
            throw new IllegalArgumentException(length + " in buckets of " + bucketWidth + " is too many buckets");
        }
        return new TimeSeriesRecorder(clock, start, bucketWidth, (int) buckets);
    }

    @Override
    public Clock clock() {
        return clock;
    }

    @Override
    public void add(Instant at, Counter counter, long amount) {
        int bucket = bucketOf(at);
        if (bucket < 0) {
            eventsOutside.incrementAndGet();
            return;
        }
        counts.addAndGet(bucket * COUNTERS + counter.ordinal(), amount);
    }

    @Override
    public void latency(Instant at, Duration latency) {
        record(at, latency, latencies, allLatencies);
    }

    @Override
    public void responseTime(Instant at, Duration fromIntendedStart) {
        record(at, fromIntendedStart, responseTimes, allResponseTimes);
    }

    private void record(
            Instant at, Duration value, AtomicReferenceArray<AtomicHistogram> perBucket, AtomicHistogram all) {
        int bucket = bucketOf(at);
        if (bucket < 0) {
            eventsOutside.incrementAndGet();
            return;
        }
        long micros = Math.max(0, Math.min(HIGHEST_LATENCY_MICROS, value.toNanos() / 1_000));
        histogram(perBucket, bucket).recordValue(micros);
        all.recordValue(micros);
    }

    /** The percentiles of every latency recorded in the series so far (CO2). */
    public LatencySummary overallLatency() {
        return summary(allLatencies);
    }

    /** The percentiles of every response time from an intended start recorded in the series so far (CO1, CO2). */
    public LatencySummary overallResponseTime() {
        return summary(allResponseTimes);
    }

    @Override
    public void flightStarted() {
        gaugeChanged(inFlight.incrementAndGet());
    }

    @Override
    public void flightEnded() {
        gaugeChanged(inFlight.decrementAndGet());
    }

    /** Requests in flight right now. */
    public long inFlight() {
        return inFlight.get();
    }

    /**
     * The series so far: the buckets from the start up to the one that holds "now" (all of them once the run is past
     * its end). Safe to call while other threads record; a count may then miss the events of the last microseconds.
     */
    public TimeSeries snapshot() {
        long elapsed = Duration.between(start, clock.instant()).toNanos();
        int visible = elapsed < 0 ? 0 : (int) Math.min(bucketCount, elapsed / bucketWidthNanos + 1);
        List<Bucket> buckets = new ArrayList<>(visible);
        long carriedInFlight = 0;
        for (int bucket = 0; bucket < visible; bucket++) {
            Map<Counter, Long> bucketCounts = new EnumMap<>(Counter.class);
            for (Counter counter : Counter.values()) {
                long count = counts.get(bucket * COUNTERS + counter.ordinal());
                if (count != 0) {
                    bucketCounts.put(counter, count);
                }
            }
            // A bucket in which the gauge never moved still had the requests of the previous bucket in flight.
            long bucketMax = Math.max(carriedInFlight, maxInFlight.get(bucket));
            if (inFlightTouched.get(bucket) != 0) {
                carriedInFlight = inFlightAtEnd.get(bucket);
            }
            buckets.add(new Bucket(
                    bucketWidth.multipliedBy(bucket),
                    bucketCounts,
                    bucketMax,
                    summary(latencies.get(bucket)),
                    summary(responseTimes.get(bucket))));
        }
        return new TimeSeries(start, bucketWidth, buckets, eventsOutside.get());
    }

    private void gaugeChanged(long level) {
        int bucket = bucketOf(clock.instant());
        if (bucket < 0) {
            return; // the gauge itself stays right; only this bucket's maximum is outside the window
        }
        maxInFlight.accumulateAndGet(bucket, level, Math::max);
        inFlightAtEnd.set(bucket, level);
        inFlightTouched.set(bucket, 1);
    }

    /** The bucket of an instant, or -1 when it falls outside the series. */
    private int bucketOf(Instant at) {
        // Arithmetic, not Duration.between: this runs several times per request and must not allocate.
        long nanos = (at.getEpochSecond() - start.getEpochSecond()) * 1_000_000_000L + (at.getNano() - start.getNano());
        if (nanos < 0) {
            return -1;
        }
        long bucket = nanos / bucketWidthNanos;
        return bucket < bucketCount ? (int) bucket : -1;
    }

    private static AtomicHistogram histogram(AtomicReferenceArray<AtomicHistogram> histograms, int bucket) {
        AtomicHistogram histogram = histograms.get(bucket);
        if (histogram != null) {
            return histogram;
        }
        histograms.compareAndSet(bucket, null, new AtomicHistogram(HIGHEST_LATENCY_MICROS, SIGNIFICANT_DIGITS));
        return histograms.get(bucket);
    }

    private static LatencySummary summary(AtomicHistogram histogram) {
        if (histogram == null || histogram.getTotalCount() == 0) {
            return LatencySummary.NONE;
        }
        return new LatencySummary(
                histogram.getTotalCount(),
                micros(histogram.getValueAtPercentile(50)),
                micros(histogram.getValueAtPercentile(95)),
                micros(histogram.getValueAtPercentile(99)),
                micros(histogram.getMaxValue()));
    }

    private static Duration micros(long micros) {
        return Duration.ofNanos(micros * 1_000);
    }
}
