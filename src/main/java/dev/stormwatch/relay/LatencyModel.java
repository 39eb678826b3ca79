package dev.stormwatch.relay;

import java.time.Duration;
import java.util.random.RandomGenerator;

/**
 * How long the simulated model takes: log-normal around {@code median} with shape {@code sigma} (service latencies
 * are skewed to the right), capped at {@link #CAP_FACTOR} times the median. Zero median: no wait at all.
 */
public record LatencyModel(Duration median, double sigma) {

    /** A tail longer than this many medians would only stall demos. */
    static final double CAP_FACTOR = 20;

    public LatencyModel {
        if (median.isNegative()) {
            throw new IllegalArgumentException("median latency must not be negative");
        }
        if (sigma < 0 || sigma > 3) {
            throw new IllegalArgumentException("sigma must be in 0..3, was " + sigma);
        }
    }

    /** No simulated latency (for throughput measurements). */
    public static LatencyModel none() {
        return new LatencyModel(Duration.ZERO, 0);
    }

    /** A typical skew (sigma 0.5) around {@code median}. */
    public static LatencyModel around(Duration median) {
        return new LatencyModel(median, 0.5);
    }

    /** One latency, from a standard normal deviate {@code gaussian} (pure: the randomness is an argument). */
    public Duration sample(double gaussian) {
        if (median.isZero()) {
            return Duration.ZERO;
        }
        double factor = Math.min(CAP_FACTOR, Math.exp(sigma * gaussian));
        return Duration.ofNanos((long) (median.toNanos() * factor));
    }

    /** One latency drawn from {@code random}. */
    public Duration sample(RandomGenerator random) {
        return median.isZero() ? Duration.ZERO : sample(random.nextGaussian());
    }
}
