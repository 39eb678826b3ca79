package dev.stormwatch.retry;

import java.time.Duration;

/**
 * How patient one visible call is (spec C1–C3, B1): attempt limits, backoff and the time budget. Immutable; every
 * instance is valid, because construction refuses values outside the limits of C2 with a
 * {@link CallFailure.Configuration} instead of clamping them.
 */
public record RetryPolicy(
        int maxAttemptsPerOrigin,
        int maxTotalAttempts,
        Duration initialBackoff,
        double multiplier,
        Duration maxBackoff,
        Duration totalBudget) {

    /** C2: more attempts per origin than this hammers one provider. */
    public static final int LIMIT_ATTEMPTS_PER_ORIGIN = 10;
    /** C2: more attempts over all origins than this is no longer one call. */
    public static final int LIMIT_TOTAL_ATTEMPTS = 20;
    /** C2: a longer single backoff looks like a hang to the user. */
    public static final Duration LIMIT_MAX_BACKOFF = Duration.ofMinutes(5);
    /** C2: no visible call may retry for longer than this (B4: retrying is never unbounded). */
    public static final Duration LIMIT_TOTAL_BUDGET = Duration.ofMinutes(10);

    /** C1 and B1: 3 per origin, 4 in all, 500 ms doubling up to 10 s, 20 s in all. */
    public static final RetryPolicy DEFAULT =
            new RetryPolicy(3, 4, Duration.ofMillis(500), 2.0, Duration.ofSeconds(10), Duration.ofSeconds(20));

    /** C3: for interactive work that must answer fast: 2 per origin, 2 in all, 250 ms up to 2 s, 5 s in all. */
    public static final RetryPolicy CONSERVATIVE =
            new RetryPolicy(2, 2, Duration.ofMillis(250), 2.0, Duration.ofSeconds(2), Duration.ofSeconds(5));

    /** C3: for background work that can wait: 5 per origin, 8 in all, up to 30 s apart, 60 s in all. */
    public static final RetryPolicy PATIENT =
            new RetryPolicy(5, 8, Duration.ofMillis(500), 2.0, Duration.ofSeconds(30), Duration.ofSeconds(60));

    /**
     * Validates every field (C2).
     *
     * @throws CallFailure.Configuration when an attempt limit is below 1 or above its maximum (10 per origin,
     *     20 in all), when {@code maxAttemptsPerOrigin > maxTotalAttempts}, when {@code multiplier} is below 1.0 or
     *     not finite, when a duration is missing, zero or negative, when {@code maxBackoff} is below
     *     {@code initialBackoff} or above 5 min, or when {@code totalBudget} is above 10 min
     */
    public RetryPolicy {
        // C2: attempts < 1 would mean "never send"; that is not a retry policy.
        require(maxAttemptsPerOrigin >= 1, "maxAttemptsPerOrigin must be at least 1, was " + maxAttemptsPerOrigin);
        require(maxTotalAttempts >= 1, "maxTotalAttempts must be at least 1, was " + maxTotalAttempts);
        // C2: the maxima keep one call from hammering a provider that is already overloaded.
        require(
                maxAttemptsPerOrigin <= LIMIT_ATTEMPTS_PER_ORIGIN,
                "maxAttemptsPerOrigin must be at most " + LIMIT_ATTEMPTS_PER_ORIGIN + ", was " + maxAttemptsPerOrigin);
        require(
                maxTotalAttempts <= LIMIT_TOTAL_ATTEMPTS,
                "maxTotalAttempts must be at most " + LIMIT_TOTAL_ATTEMPTS + ", was " + maxTotalAttempts);
        // C2: a per-origin limit above the total could never be reached; it is a mistake, not a wish.
        require(
                maxAttemptsPerOrigin <= maxTotalAttempts,
                "maxAttemptsPerOrigin (" + maxAttemptsPerOrigin + ") must not exceed maxTotalAttempts ("
                        + maxTotalAttempts + ")");
        // C2: a multiplier below 1 would shrink the backoff, retrying faster the longer the provider struggles.
        require(
                multiplier >= 1.0 && Double.isFinite(multiplier),
                "multiplier must be a finite number of at least 1.0, was " + multiplier);
        // B4: a zero backoff would switch jitter off; a missing one is a mistake.
        requirePositive(initialBackoff, "initialBackoff");
        requirePositive(maxBackoff, "maxBackoff");
        requirePositive(totalBudget, "totalBudget");
        require(
                maxBackoff.compareTo(initialBackoff) >= 0,
                "maxBackoff (" + maxBackoff + ") must not be below initialBackoff (" + initialBackoff + ")");
        require(
                maxBackoff.compareTo(LIMIT_MAX_BACKOFF) <= 0,
                "maxBackoff must be at most " + LIMIT_MAX_BACKOFF + ", was " + maxBackoff);
        // B4, C2: no setting makes retrying unbounded.
        require(
                totalBudget.compareTo(LIMIT_TOTAL_BUDGET) <= 0,
                "totalBudget must be at most " + LIMIT_TOTAL_BUDGET + ", was " + totalBudget);
    }

    /** A builder that starts from {@link #DEFAULT}. */
    public static Builder builder() {
        return new Builder(DEFAULT);
    }

    /** A builder that starts from this policy, to change a few fields. */
    public Builder toBuilder() {
        return new Builder(this);
    }

    private static void require(boolean valid, String problem) {
        if (!valid) {
            throw new CallFailure.Configuration(
                    "Invalid retry policy: " + problem + ". Change that setting; nothing was clamped (C2).");
        }
    }

    private static void requirePositive(Duration value, String name) {
        require(value != null, name + " is missing");
        require(!value.isNegative() && !value.isZero(), name + " must be positive, was " + value);
    }

    /** Collects the fields of a {@link RetryPolicy}; {@link #build()} validates them all at once (C2). */
    public static final class Builder {
        private int maxAttemptsPerOrigin;
        private int maxTotalAttempts;
        private Duration initialBackoff;
        private double multiplier;
        private Duration maxBackoff;
        private Duration totalBudget;

        private Builder(RetryPolicy start) {
            maxAttemptsPerOrigin = start.maxAttemptsPerOrigin;
            maxTotalAttempts = start.maxTotalAttempts;
            initialBackoff = start.initialBackoff;
            multiplier = start.multiplier;
            maxBackoff = start.maxBackoff;
            totalBudget = start.totalBudget;
        }

        public Builder maxAttemptsPerOrigin(int value) {
            maxAttemptsPerOrigin = value;
            return this;
        }

        public Builder maxTotalAttempts(int value) {
            maxTotalAttempts = value;
            return this;
        }

        public Builder initialBackoff(Duration value) {
            initialBackoff = value;
            return this;
        }

        public Builder multiplier(double value) {
            multiplier = value;
            return this;
        }

        public Builder maxBackoff(Duration value) {
            maxBackoff = value;
            return this;
        }

        public Builder totalBudget(Duration value) {
            totalBudget = value;
            return this;
        }

        /**
         * The validated policy.
         *
         * @throws CallFailure.Configuration when a value is outside the limits of C2 (see {@link RetryPolicy})
         */
        public RetryPolicy build() {
            return new RetryPolicy(
                    maxAttemptsPerOrigin, maxTotalAttempts, initialBackoff, multiplier, maxBackoff, totalBudget);
        }
    }
}
