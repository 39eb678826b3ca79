package dev.stormwatch.retry;

import java.time.Duration;

/**
 * The backoff strategies of Marc Brooker's "Exponential Backoff And Jitter" (AWS Architecture Blog, 2015) over a
 * {@link RetryPolicy}, as pure functions (the random number is an argument), so that a load run can compare them on real
 * sockets; all but {@link #FULL} exist for that comparison only (spec B4 and its one exception).
 *
 * <p>Only {@link #FULL} is spec B3; the others break B4 ("jitter cannot be switched off") on purpose. An executor takes
 * one only through its builder's {@code backoffForComparison}, which an architecture rule lets no caller but the load
 * engine use. Every strategy keeps the rest of the engine: Retry-After (RA1–RA7), the attempt limits and the budget (B1,
 * B2, B3's "a sleep past the budget is not started"); only the sleep without Retry-After differs.
 */
public enum ComparisonBackoff {

    /** Retry at once: no sleep at all. */
    NONE("none"),
    /** Capped exponential without jitter: {@code min(maxBackoff, initialBackoff × multiplier^(n-1))}, the B3 ceiling. */
    EXPONENTIAL("exponential"),
    /** Full jitter, spec B3 and the default of every client: {@code uniform(0, ceiling)} ({@link Backoff}). */
    FULL("full"),
    /** Equal jitter: half the ceiling fixed, plus {@code uniform(0, the other half)}. */
    EQUAL("equal"),
    /**
     * Decorrelated jitter: {@code min(maxBackoff, uniform(initialBackoff, previousSleep × 3))}; before the first retry
     * (and whenever the previous sleep was shorter) the previous sleep counts as {@code initialBackoff}.
     */
    DECORRELATED("decorrelated");

    /** Brooker's decorrelated jitter grows the range by three times the previous sleep. */
    private static final double DECORRELATED_GROWTH = 3.0;

    private final String cliName;

    ComparisonBackoff(String cliName) {
        this.cliName = cliName;
    }

    /** The name on the command line and in reports ({@code none}, {@code exponential}, {@code full}, ...). */
    public String cliName() {
        return cliName;
    }

    /**
     * The sleep before retry {@code n} when the provider gave no Retry-After.
     *
     * @param retryNumber 1 for the first retry, 2 for the second...
     * @param previousSleep the sleep before the previous attempt of this step; zero before the first retry. Only
     *     {@link #DECORRELATED} reads it
     * @param policy the step's policy: {@code initialBackoff} is the base, {@code maxBackoff} the cap
     * @param random a number in [0, 1), drawn by the caller
     * @throws IllegalArgumentException when the retry number is below 1, the previous sleep is negative or the random
     *     number is outside [0, 1)
     */
    public Duration sleep(int retryNumber, Duration previousSleep, RetryPolicy policy, double random) {
        return Duration.ofNanos(sleepNanos(retryNumber, previousSleep, policy, random));
    }

    long sleepNanos(int retryNumber, Duration previousSleep, RetryPolicy policy, double random) {
        if (previousSleep.isNegative()) {
            throw new IllegalArgumentException("the previous sleep cannot be negative, was " + previousSleep);
        }
        // Checks the retry number for every strategy, also those that do not grow with it.
        long ceiling = Backoff.ceilingNanos(retryNumber, policy);
        if (!(random >= 0.0 && random < 1.0)) {
            throw new IllegalArgumentException("random must be in [0, 1), was " + random);
        }
        if (this == FULL) {
            return Backoff.fullJitterNanos(retryNumber, policy, random); // B3 itself, the clients' default
        }
        return (long) draw(
                ceiling,
                policy.initialBackoff().toNanos(),
                policy.maxBackoff().toNanos(),
                previousSleep.toNanos(),
                random);
    }

    /**
     * The one set of formulas, in nanoseconds, shared by the clients (over a {@link RetryPolicy}: the ceiling of B3)
     * and by the simulation (over Brooker's {@code base × 2^attempt}), so that {@code simulate} and {@code load
     * --jitter} draw the same sleeps; each caller rounds the result its own way.
     *
     * @param ceiling the capped exponential sleep of this retry, not above {@code cap}
     * @param base the smallest sleep that decorrelated jitter draws, and where its chain starts
     * @param cap the largest sleep
     * @param previousSleep the sleep before the previous attempt (zero before the first retry); only
     *     {@link #DECORRELATED} reads it, and reads {@code base} when it is shorter
     * @param random a number in [0, 1), drawn by the caller
     */
    public double draw(double ceiling, double base, double cap, double previousSleep, double random) {
        return switch (this) {
            case NONE -> 0;
            case EXPONENTIAL -> ceiling;
            case FULL -> random * ceiling;
            case EQUAL -> {
                // Whole nanoseconds on both halves, so that the largest random number stays below the ceiling.
                double fixed = Math.floor(ceiling / 2);
                yield fixed + Math.floor(random * (ceiling - fixed));
            }
            case DECORRELATED -> {
                // In double: three times a long sleep may overflow a long; the cap brings it back. Never below the
                // base, so uniform(base, previous × 3) is never empty.
                double upper = Math.max(base, previousSleep) * DECORRELATED_GROWTH;
                yield Math.min(cap, base + random * (upper - base));
            }
        };
    }

    /** The random share of a sleep this strategy chose, for the attempt's event: none without jitter. */
    long jitterNanos(long sleepNanos, int retryNumber, RetryPolicy policy) {
        return switch (this) {
            case NONE, EXPONENTIAL -> 0;
            case FULL, DECORRELATED -> sleepNanos;
            case EQUAL -> sleepNanos - Backoff.ceilingNanos(retryNumber, policy) / 2;
        };
    }
}
