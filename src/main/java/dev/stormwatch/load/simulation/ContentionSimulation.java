package dev.stormwatch.load.simulation;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

/**
 * Brooker's optimistic-concurrency experiment ("Exponential Backoff And Jitter", AWS Architecture Blog, 2015) on
 * simulated time: N clients each read a row's version and write it back conditionally; of the writers that read the
 * same version only the first to arrive succeeds, the others back off by the strategy and start again.
 *
 * <p>A discrete-event loop on {@link EventQueue}: no sockets, no threads, no clock; one seeded random source draws
 * every network delay and every jitter, so a seed gives the same figures on every machine.
 */
public final class ContentionSimulation {

    /** Mixes the strategy into the seed, so that each strategy draws from its own stream, independent of the others. */
    private static final long STRATEGY_SEED_STRIDE = 0x9E3779B97F4A7C15L;

    private ContentionSimulation() {}

    /** Runs every strategy, in the order of {@link BackoffStrategy#values()}. */
    public static List<SimulationResult> runAll(SimulationParameters parameters) {
        List<SimulationResult> results = new ArrayList<>();
        for (BackoffStrategy strategy : BackoffStrategy.values()) {
            results.add(run(parameters, strategy));
        }
        return List.copyOf(results);
    }

    /** Runs one strategy {@code parameters.runs()} times and averages calls and completion time. */
    public static SimulationResult run(SimulationParameters parameters, BackoffStrategy strategy) {
        SplittableRandom random =
                new SplittableRandom(parameters.seed() + STRATEGY_SEED_STRIDE * (strategy.ordinal() + 1));
        long totalCalls = 0;
        long totalCompletionNanos = 0;
        for (int run = 0; run < parameters.runs(); run++) {
            Trial trial = new Trial(parameters, strategy, random);
            trial.play();
            totalCalls += trial.calls;
            totalCompletionNanos += trial.now;
        }
        return new SimulationResult(
                strategy,
                parameters.clients(),
                (double) totalCalls / parameters.runs(),
                Duration.ofNanos(totalCompletionNanos / parameters.runs()));
    }

    /** The four messages of one optimistic write: read, its reply, conditional write, its reply. */
    private enum Step {
        READ_AT_ROW,
        VERSION_AT_CLIENT,
        WRITE_AT_ROW,
        OUTCOME_AT_CLIENT
    }

    /** A message arriving at its instant on the queue. */
    private record Message(int client, Step step, long value) {}

    /** One run: every client writes once; ends when the last one has learnt it succeeded. */
    private static final class Trial {
        private final SimulationParameters parameters;
        private final BackoffStrategy strategy;
        private final SplittableRandom random;
        private final EventQueue<Message> queue = new EventQueue<>();
        private final int[] failedAttempts;
        private final long[] previousSleepNanos;
        private long version;
        private long calls;
        private long now;

        Trial(SimulationParameters parameters, BackoffStrategy strategy, SplittableRandom random) {
            this.parameters = parameters;
            this.strategy = strategy;
            this.random = random;
            this.failedAttempts = new int[parameters.clients()];
            this.previousSleepNanos = new long[parameters.clients()];
        }

        void play() {
            // Every client starts at time zero: the worst case the article studies.
            for (int client = 0; client < parameters.clients(); client++) {
                send(0, client, Step.READ_AT_ROW, 0);
            }
            while (!queue.isEmpty()) {
                Message message = queue.next();
                now = queue.now();
                deliver(message);
            }
        }

        private void deliver(Message message) {
            int client = message.client();
            switch (message.step()) {
                case READ_AT_ROW -> send(now, client, Step.VERSION_AT_CLIENT, version);
                case VERSION_AT_CLIENT -> send(now, client, Step.WRITE_AT_ROW, message.value());
                case WRITE_AT_ROW -> {
                    calls++;
                    // The conditional write: only a writer that read the current version wins the round.
                    boolean wins = message.value() == version;
                    if (wins) {
                        version++;
                    }
                    send(now, client, Step.OUTCOME_AT_CLIENT, wins ? 1 : 0);
                }
                case OUTCOME_AT_CLIENT -> {
                    if (message.value() == 1) {
                        return; // this client is done
                    }
                    failedAttempts[client]++;
                    Duration sleep = strategy.sleep(
                            failedAttempts[client],
                            Duration.ofNanos(previousSleepNanos[client]),
                            parameters.base(),
                            parameters.cap(),
                            random.nextDouble());
                    previousSleepNanos[client] = sleep.toNanos();
                    send(now + sleep.toNanos(), client, Step.READ_AT_ROW, 0);
                }
            }
        }

        private void send(long from, int client, Step step, long value) {
            queue.schedule(from + networkDelayNanos(), new Message(client, step, value));
        }

        private long networkDelayNanos() {
            double mean = parameters.networkDelayMean().toNanos();
            double sd = parameters.networkDelayStdDev().toNanos();
            // The article's model: |normal(mean, sd)|; a network delay is never negative.
            return Math.round(Math.abs(mean + sd * random.nextGaussian()));
        }
    }
}
