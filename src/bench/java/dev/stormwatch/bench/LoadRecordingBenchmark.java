package dev.stormwatch.bench;

import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeriesRecorder;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.concurrent.ThreadLocalRandom;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Threads;
import org.openjdk.jmh.annotations.Warmup;

/**
 * What recording one attempt costs the load engine (recording must be cheap from many threads): the calls the
 * engine makes per attempt (in flight up and down, attempts, status and latency) on a shared recorder, from two
 * threads at once.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class LoadRecordingBenchmark {

    private final Instant start = Instant.parse("2026-11-30T03:00:00Z");
    // A fixed clock: every attempt lands in one bucket, the most contended case.
    private final TimeSeriesRecorder recorder = new TimeSeriesRecorder(
            Clock.fixed(start.plusMillis(500), ZoneOffset.UTC), start, Duration.ofSeconds(1), 600);

    @Benchmark
    @Threads(2)
    public void recordOneAttempt() {
        recorder.flightStarted();
        recorder.increment(Counter.ATTEMPTS);
        recorder.response(200, Duration.ofNanos(ThreadLocalRandom.current().nextLong(1_000_000, 900_000_000)));
        recorder.flightEnded();
    }
}
