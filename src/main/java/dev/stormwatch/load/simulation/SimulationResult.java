package dev.stormwatch.load.simulation;

import java.time.Duration;

/**
 * What one backoff strategy cost in the contention experiment, averaged over the runs.
 *
 * @param strategy the strategy
 * @param clients how many writers contended
 * @param meanCalls the mean number of write calls the row received until every writer succeeded (the work)
 * @param meanCompletion the mean simulated time until the last writer learnt it succeeded
 */
public record SimulationResult(BackoffStrategy strategy, int clients, double meanCalls, Duration meanCompletion) {

    /** The completion time in seconds, as the table prints it. */
    public double completionSeconds() {
        return meanCompletion.toNanos() / 1e9;
    }
}
