package dev.stormwatch.retry;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;

/**
 * The budget of one visible call (spec B1, B2, OP1, OP2): failed requests per origin and in all, and the time
 * spent on the injected wall clock (P6). Time the user spends in the browser can be left out of the time budget
 * ({@link #offBudget()}); failed-request counts are never reset. Thread-safe, though one call usually runs on one
 * thread.
 */
public final class CallBudget {

    private final RetryPolicy policy;
    private final Clock clock;
    private final Instant started;
    private final Map<Origin, Integer> failedByOrigin = new HashMap<>();
    private int failedInAll;
    private Duration excluded = Duration.ZERO;
    private Instant excludedSince;

    private CallBudget(RetryPolicy policy, Clock clock) {
        this.policy = Objects.requireNonNull(policy, "policy");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.started = clock.instant();
    }

    /** Starts the budget of a visible call now. */
    public static CallBudget start(RetryPolicy policy, Clock clock) {
        return new CallBudget(policy, clock);
    }

    public RetryPolicy policy() {
        return policy;
    }

    public Clock clock() {
        return clock;
    }

    /** Counts one failed request to this origin (a retryable status or a network failure). */
    public synchronized void recordFailure(Origin origin) {
        failedByOrigin.merge(origin, 1, Integer::sum);
        failedInAll++;
    }

    /** Failed requests to this origin so far in this call. */
    public synchronized int failedAt(Origin origin) {
        return failedByOrigin.getOrDefault(origin, 0);
    }

    /** Failed requests over all origins so far in this call. */
    public synchronized int failedInAll() {
        return failedInAll;
    }

    /** Time spent on the budget so far: wall time since the start, minus the time left out of it (OP2). */
    public synchronized Duration elapsed() {
        Instant now = clock.instant();
        Duration running = excludedSince == null ? Duration.ZERO : Duration.between(excludedSince, now);
        Duration spent = Duration.between(started, now).minus(excluded).minus(running);
        return spent.isNegative() ? Duration.ZERO : spent;
    }

    /** Time left in the budget; zero once it is spent (B1). */
    public Duration remaining() {
        Duration left = policy.totalBudget().minus(elapsed());
        return left.isNegative() ? Duration.ZERO : left;
    }

    /** Failed requests this origin may still make in this call (B1). */
    public int attemptsLeftAt(Origin origin) {
        int left =
                Math.min(policy.maxAttemptsPerOrigin() - failedAt(origin), policy.maxTotalAttempts() - failedInAll());
        return Math.max(0, left);
    }

    /** The counters the retry decision reads, for a step that has failed {@code failedInStep} times so far. */
    public synchronized BudgetCounters counters(Origin origin, int failedInStep) {
        return new BudgetCounters(failedInStep, failedAt(origin), failedInAll, elapsed());
    }

    /**
     * Leaves time out of the budget until the returned handle is closed: the time the user spends in the browser
     * during {@code login()} (OP2). Failed-request counts are not affected. Use with try-with-resources.
     *
     * @throws IllegalStateException when time is already being left out
     */
    public synchronized OffBudget offBudget() {
        if (excludedSince != null) {
            throw new IllegalStateException("time is already left out of this budget");
        }
        excludedSince = clock.instant();
        return this::resumeBudget;
    }

    private synchronized void resumeBudget() {
        if (excludedSince == null) {
            return; // closing twice changes nothing
        }
        Duration span = Duration.between(excludedSince, clock.instant());
        excluded = excluded.plus(span.isNegative() ? Duration.ZERO : span);
        excludedSince = null;
    }

    /** While open, time does not count against the budget (OP2). */
    @FunctionalInterface
    public interface OffBudget extends AutoCloseable {
        /** Counts time against the budget again. */
        @Override
        void close();
    }
}
