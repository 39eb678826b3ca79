package dev.stormwatch.load.simulation;

import java.time.Duration;

/**
 * The settings of the contention experiment of "Exponential Backoff And Jitter" (Brooker, AWS Architecture Blog, 2015).
 *
 * @param clients the writers contending for the one row, at least 1
 * @param base the backoff base delay
 * @param cap the longest backoff sleep
 * @param networkDelayMean the mean one-way network delay
 * @param networkDelayStdDev its standard deviation (delays are |normal(mean, sd)|)
 * @param runs how many independent runs are averaged, at least 1
 * @param seed the seed of the only random source: the same seed gives the same figures
 */
public record SimulationParameters(
        int clients,
        Duration base,
        Duration cap,
        Duration networkDelayMean,
        Duration networkDelayStdDev,
        int runs,
        long seed) {

    /** The article's base delay: its simulator uses base 5 ms. */
    public static final Duration ARTICLE_BASE = Duration.ofMillis(5);
    /** The article's cap: its simulator caps sleeps at 2,000 ms. */
    public static final Duration ARTICLE_CAP = Duration.ofMillis(2_000);
    /** "The network introduces delay with a mean of 10ms and variance of 4ms": a standard deviation of 2 ms. */
    public static final Duration ARTICLE_DELAY_MEAN = Duration.ofMillis(10);
    /** The square root of the article's 4 ms variance. */
    public static final Duration ARTICLE_DELAY_STD_DEV = Duration.ofMillis(2);
    /** The article's simulator averages 100 runs per point. */
    public static final int ARTICLE_RUNS = 100;
    /** A fixed default seed, so that a plain {@code stormwatch simulate} prints the same table every time. */
    public static final long DEFAULT_SEED = 2015;

    /** Rejects settings that would make the experiment meaningless. */
    public SimulationParameters {
        if (clients < 1) {
            throw new IllegalArgumentException("clients must be at least 1, was " + clients);
        }
        if (runs < 1) {
            throw new IllegalArgumentException("runs must be at least 1, was " + runs);
        }
        if (base.isNegative() || base.isZero()) {
            throw new IllegalArgumentException("base must be positive, was " + base);
        }
        if (cap.compareTo(base) < 0) {
            throw new IllegalArgumentException("cap " + cap + " is below base " + base);
        }
        if (networkDelayMean.isNegative() || networkDelayStdDev.isNegative()) {
            throw new IllegalArgumentException("network delays cannot be negative");
        }
    }

    /** The article's settings for {@code clients} writers, with this seed. */
    public static SimulationParameters article(int clients, long seed) {
        return new SimulationParameters(
                clients, ARTICLE_BASE, ARTICLE_CAP, ARTICLE_DELAY_MEAN, ARTICLE_DELAY_STD_DEV, ARTICLE_RUNS, seed);
    }

    /** A copy with another base and cap. */
    public SimulationParameters withBackoff(Duration newBase, Duration newCap) {
        return new SimulationParameters(clients, newBase, newCap, networkDelayMean, networkDelayStdDev, runs, seed);
    }

    /** A copy with another number of runs. */
    public SimulationParameters withRuns(int newRuns) {
        return new SimulationParameters(clients, base, cap, networkDelayMean, networkDelayStdDev, newRuns, seed);
    }
}
