package dev.stormwatch.retry;

import java.time.Duration;

/**
 * Exponential backoff with full jitter (spec B3, B4), as pure functions: the random number is an argument, so the
 * result for a given retry number, policy and random number is exact.
 */
public final class Backoff {

    private Backoff() {}

    /**
     * The ceiling of the sleep before retry {@code n}: {@code min(maxBackoff, initialBackoff × multiplier^(n-1))} (B3).
     *
     * @param retryNumber 1 for the first retry, 2 for the second...
     */
    public static Duration ceiling(int retryNumber, RetryPolicy policy) {
        return Duration.ofNanos(ceilingNanos(retryNumber, policy));
    }

    /**
     * The sleep before retry {@code n}: {@code uniform(0, ceiling)} with full jitter (B3). Jitter cannot be
     * switched off (B4): the random number always scales the whole ceiling.
     *
     * @param retryNumber 1 for the first retry, 2 for the second...
     * @param random a number in [0, 1), for example from {@code SplittableRandom.nextDouble()}
     */
    public static Duration fullJitter(int retryNumber, RetryPolicy policy, double random) {
        return Duration.ofNanos(fullJitterNanos(retryNumber, policy, random));
    }

    static long fullJitterNanos(int retryNumber, RetryPolicy policy, double random) {
        if (!(random >= 0.0 && random < 1.0)) {
            throw new IllegalArgumentException("random must be in [0, 1), was " + random);
        }
        return (long) (ceilingNanos(retryNumber, policy) * random);
    }

    static long ceilingNanos(int retryNumber, RetryPolicy policy) {
        if (retryNumber < 1) {
            throw new IllegalArgumentException("retry numbers start at 1, was " + retryNumber);
        }
        long max = policy.maxBackoff().toNanos();
        // In double: multiplier^(n-1) may overflow a long; the cap brings it back (B4: never unbounded).
        double grown = policy.initialBackoff().toNanos() * Math.pow(policy.multiplier(), retryNumber - 1);
        return grown >= max ? max : (long) grown;
    }
}
