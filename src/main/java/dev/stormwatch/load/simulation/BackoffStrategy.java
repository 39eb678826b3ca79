package dev.stormwatch.load.simulation;

import dev.stormwatch.retry.ComparisonBackoff;
import java.time.Duration;
import java.util.Optional;

/**
 * The five backoff strategies of Marc Brooker's "Exponential Backoff And Jitter" (AWS Architecture Blog, 2015), as pure
 * functions of (attempt, previous sleep, base, cap, random number).
 *
 * <p>Only {@link #FULL} is what our clients use (spec B3, B4: jitter cannot be switched off); the others exist to show
 * why, in the simulation and in load runs that compare strategies ({@link #inClients()}).
 */
public enum BackoffStrategy {

    /** Retry at once: no sleep at all. */
    NONE("none"),
    /** Capped exponential without jitter: {@code min(cap, base * 2^attempt)}. */
    EXPONENTIAL("exponential"),
    /** Full jitter: {@code random(0, min(cap, base * 2^attempt))}. */
    FULL("full"),
    /** Equal jitter: half the capped exponential, plus {@code random(0, that half)}. */
    EQUAL("equal"),
    /** Decorrelated jitter: {@code min(cap, random(base, previousSleep * 3))}; the first previous sleep is the base. */
    DECORRELATED("decorrelated");

    /** Beyond 2^62 a long overflows; the cap has long been reached by then. */
    private static final int MAX_DOUBLINGS = 62;

    private final String cliName;

    BackoffStrategy(String cliName) {
        this.cliName = cliName;
    }

    /** The name on the command line and in reports ({@code none}, {@code exponential}, {@code full}, ...). */
    public String cliName() {
        return cliName;
    }

    /**
     * The sleep before the next attempt.
     *
     * @param attempt the number of failed attempts so far (1 before the first retry)
     * @param previousSleep the sleep before the previous attempt; only {@link #DECORRELATED} reads it, and reads the
     *     base instead when it is shorter (zero: no sleep yet)
     * @param base the base delay, positive
     * @param cap the largest sleep, not below the base
     * @param random a uniform random number in [0, 1), drawn by the caller so that this stays a pure function
     * @throws IllegalArgumentException when an argument is outside the ranges above
     */
    public Duration sleep(int attempt, Duration previousSleep, Duration base, Duration cap, double random) {
        if (attempt < 1) {
            throw new IllegalArgumentException("attempt counts failed attempts and starts at 1, was " + attempt);
        }
        if (base.isNegative() || base.isZero()) {
            throw new IllegalArgumentException("base must be positive, was " + base);
        }
        if (cap.compareTo(base) < 0) {
            throw new IllegalArgumentException("cap " + cap + " is below base " + base);
        }
        if (previousSleep.isNegative()) {
            throw new IllegalArgumentException("previous sleep cannot be negative, was " + previousSleep);
        }
        if (!(random >= 0.0 && random < 1.0)) {
            throw new IllegalArgumentException("random must be in [0, 1), was " + random);
        }
        double baseNanos = base.toNanos();
        double capNanos = cap.toNanos();
        double exponential = Math.min(capNanos, baseNanos * Math.pow(2, Math.min(attempt, MAX_DOUBLINGS)));
        double nanos = inClients().draw(exponential, baseNanos, capNanos, previousSleep.toNanos(), random);
        return Duration.ofNanos(Math.round(nanos));
    }

    /**
     * The same strategy in the resilient client, for a load run that compares strategies on real sockets.
     * There it runs over the run's retry policy: the B3 ceiling {@code initialBackoff × multiplier^(n-1)} capped at
     * {@code maxBackoff}, instead of this simulation's {@code base × 2^attempt}.
     */
    public ComparisonBackoff inClients() {
        return switch (this) {
            case NONE -> ComparisonBackoff.NONE;
            case EXPONENTIAL -> ComparisonBackoff.EXPONENTIAL;
            case FULL -> ComparisonBackoff.FULL;
            case EQUAL -> ComparisonBackoff.EQUAL;
            case DECORRELATED -> ComparisonBackoff.DECORRELATED;
        };
    }

    /** The strategy with this command-line name. */
    public static Optional<BackoffStrategy> byCliName(String name) {
        for (BackoffStrategy strategy : values()) {
            if (strategy.cliName.equalsIgnoreCase(name.trim())) {
                return Optional.of(strategy);
            }
        }
        return Optional.empty();
    }
}
