package dev.stormwatch.bench;

import dev.stormwatch.retry.BudgetCounters;
import dev.stormwatch.retry.Decision;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.Outcome;
import dev.stormwatch.retry.RetryAfter;
import dev.stormwatch.retry.RetryDecision;
import dev.stormwatch.retry.RetryPolicy;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The retry decision on the paths that retry, and {@link RetryAfter#parse} on both header forms (the goal: a
 * decision under 1 µs and under 200 bytes per operation; run with {@code -prof gc} for the bytes).
 */
@State(Scope.Thread)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
@Fork(1)
public class RetryDecisionBenchmark {

    private final Origin origin = Origin.of("https://idp.example/token");
    private final Instant now = Instant.parse("1994-11-06T08:47:37Z");
    private final Clock clock = Clock.fixed(now, ZoneOffset.UTC);
    private final RetryPolicy policy = RetryPolicy.DEFAULT;
    private final BudgetCounters counters = new BudgetCounters(1, 1, 1, Duration.ofMillis(700));

    private final Outcome serverError = Outcome.HttpResponse.of(503);
    private final Outcome retryAfterDelta = Outcome.HttpResponse.withRetryAfter(429, "3");
    private final Outcome retryAfterDate = new Outcome.HttpResponse(
            503, List.of("Sun, 06 Nov 1994 08:47:42 GMT"), "Sun, 06 Nov 1994 08:47:37 GMT");
    private final Outcome connectRefused = new Outcome.NetworkFailure(FailureKind.CONNECT_REFUSED);

    private final List<String> delta = List.of("120");
    private final List<String> imfDate = List.of("Sun, 06 Nov 1994 08:49:37 GMT");
    private final String dateHeader = "Sun, 06 Nov 1994 08:47:37 GMT";

    private double random = 0.37;

    private double nextRandom() {
        // A cheap varying number in [0, 1), so the jitter is not constant-folded.
        random = random + 0.6180339887;
        if (random >= 1.0) {
            random -= 1.0;
        }
        return random;
    }

    /** 503 without Retry-After: full-jitter backoff (B3). */
    @Benchmark
    public Decision decideBackoff() {
        return RetryDecision.decide(serverError, Operation.READ, origin, counters, policy, now, nextRandom());
    }

    /** 429 with a delta-seconds Retry-After that fits the budget (RA3). */
    @Benchmark
    public Decision decideRetryAfterDelta() {
        return RetryDecision.decide(retryAfterDelta, Operation.READ, origin, counters, policy, now, nextRandom());
    }

    /** 503 with an HTTP-date Retry-After, measured against the response's Date (RA2, RA3). */
    @Benchmark
    public Decision decideRetryAfterDate() {
        return RetryDecision.decide(retryAfterDate, Operation.READ, origin, counters, policy, now, nextRandom());
    }

    /** A refused connection on a refresh: certainly never left, retried (F1). */
    @Benchmark
    public Decision decideConnectRefused() {
        return RetryDecision.decide(connectRefused, Operation.REFRESH, origin, counters, policy, now, nextRandom());
    }

    @Benchmark
    public Optional<Duration> parseDelta() {
        return RetryAfter.parse(503, delta, null, clock);
    }

    @Benchmark
    public Optional<Duration> parseHttpDate() {
        return RetryAfter.parse(503, imfDate, dateHeader, clock);
    }
}
