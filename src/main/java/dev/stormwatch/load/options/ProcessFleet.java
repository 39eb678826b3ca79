package dev.stormwatch.load.options;

import java.util.List;
import java.util.Locale;

/**
 * LB19: the fleet the limiter comparison runs, the same in the Load lab and on the command line: K processes (K the
 * instances asked for, at least {@value #LEAST_PROCESSES}), each with the clients asked for and its own connections
 * (an instance stands for a process), each behind the chosen limiter, or the sliding log when none is chosen.
 *
 * @param processes K, the client instances the runs are split into
 * @param clientsPerProcess the clients each process runs
 * @param limiter the limiter in front of each process
 */
public record ProcessFleet(int processes, int clientsPerProcess, LimiterChoice limiter) {

    /** LB19: fewer processes would not show a local limiter each letting the whole quota through. */
    public static final int LEAST_PROCESSES = 3;

    /**
     * The fleet for what was asked for.
     *
     * @param chosen the limiter asked for; off becomes the sliding log, since a comparison of where a limiter counts
     *     needs one
     * @param instances the instances asked for; fewer than {@value #LEAST_PROCESSES} become that many
     * @param clientsPerProcess the clients asked for, which each process runs
     */
    public static ProcessFleet of(LimiterChoice chosen, int instances, int clientsPerProcess) {
        return new ProcessFleet(
                Math.max(LEAST_PROCESSES, instances),
                clientsPerProcess,
                chosen == LimiterChoice.OFF ? LimiterChoice.SLIDING_LOG : chosen);
    }

    /** Every process's clients together. */
    public long clients() {
        return (long) clientsPerProcess * processes;
    }

    /**
     * A run's options as this fleet: its limiter, K instances and every process's clients.
     *
     * @throws InvalidLoadOptionsException when every process's clients together are more than a run takes
     *     ({@link LoadOptions#MAX_CLIENTS}), in the options' words, saying how many clients each may have
     */
    public LoadOptions.Builder applyTo(LoadOptions.Builder options) throws InvalidLoadOptionsException {
        if (clients() > LoadOptions.MAX_CLIENTS) {
            throw new InvalidLoadOptionsException(List.of(String.format(
                    Locale.ROOT,
                    "--clients is %d for each of %d processes (--instances, at least %d): %d clients, more than the"
                            + " %d a run takes; give --clients at most %d",
                    clientsPerProcess,
                    processes,
                    LEAST_PROCESSES,
                    clients(),
                    LoadOptions.MAX_CLIENTS,
                    LoadOptions.MAX_CLIENTS / processes)));
        }
        return options.limiter(limiter).instances(processes).clients((int) clients());
    }

    /** The fleet in words: "3 processes of 64 clients each, each behind sliding-log". */
    public String describe() {
        return String.format(
                Locale.ROOT,
                "%d processes of %d clients each, each behind %s",
                processes,
                clientsPerProcess,
                limiter.cliName());
    }
}
