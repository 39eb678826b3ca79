package dev.stormwatch.diagnose;

import dev.stormwatch.load.simulation.EventQueue;
import dev.stormwatch.retry.BudgetCounters;
import dev.stormwatch.retry.Decision;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.Outcome;
import dev.stormwatch.retry.RetryDecision;
import dev.stormwatch.retry.RetryPolicy;
import java.time.Duration;
import java.time.Instant;
import java.util.Arrays;
import java.util.SplittableRandom;
import java.util.function.Consumer;

/**
 * The what-if of a diagnosis (DG14): the evidence's logical requests, each starting when its first attempt really
 * started, sent again on simulated time by clients that follow this project's rules, against a server that lets the
 * quota through (DG15) and answers the rest as the real one did. Every client decision is {@link RetryDecision}'s
 * (RA1–RA7 with RA3's jitter, B3's full jitter without Retry-After, B1's budgets under {@link RetryPolicy#DEFAULT});
 * the time is the simulation's {@link EventQueue}; one seeded random source draws every jitter in order of simulated
 * time. Pure: no clock, no thread, no socket.
 */
public final class WhatIfReplay {

    /** The replay's one origin: every logical request goes to the same server, as in the evidence. */
    private static final Origin SERVER = new Origin("https", "server.invalid", 443);
    /** DG15: the window of the quota. */
    static final long QUOTA_WINDOW_MILLIS = 1_000;

    private WhatIfReplay() {}

    /**
     * What the server of the replay does (DG15).
     *
     * @param quotaPerSecond the most requests it lets through in any one second, at least 1
     * @param retryAfterSeconds the Retry-After of its 429s in whole seconds, or -1 when it sends none
     * @param answerMillis how long after its start each request is answered
     */
    public record Server(int quotaPerSecond, long retryAfterSeconds, long answerMillis) {
        public Server {
            if (quotaPerSecond < 1) {
                throw new IllegalArgumentException("the quota must be at least 1 a second, was " + quotaPerSecond);
            }
            if (answerMillis < 0) {
                throw new IllegalArgumentException("an answer cannot come before its request: " + answerMillis);
            }
        }
    }

    /** One attempt of the replay, for tests that judge the replay with the diagnosis itself. */
    public record Attempt(long logicalRequest, long startMillis, int status, long retryAfterSeconds) {}

    /**
     * The first start of each logical request, epoch ms, in ascending order: 4 bytes each (an unsigned offset from the
     * first start, enough for 49 days; DG15 replays at most 31), kept in chunks so that growing never copies (nor holds
     * twice) what was added, as in {@link AttemptTable}.
     */
    public static final class LogicalStarts {
        private static final int CHUNK_BITS = 14;
        private static final int MASK = (1 << CHUNK_BITS) - 1;
        private final java.util.List<int[]> chunks = new java.util.ArrayList<>();
        private final long from;
        private int size;

        /** Starts counted from {@code fromMillis}, the evidence's first start. */
        public LogicalStarts(long fromMillis) {
            this.from = fromMillis;
        }

        /** Adds the next start, not before the last one nor more than 49 days after the first. */
        public void add(long startMillis) {
            if ((size & MASK) == 0) {
                chunks.add(new int[1 << CHUNK_BITS]);
            }
            chunks.get(size >>> CHUNK_BITS)[size & MASK] = (int) (startMillis - from);
            size++;
        }

        public long get(int i) {
            return from + Integer.toUnsignedLong(chunks.get(i >>> CHUNK_BITS)[i & MASK]);
        }

        public int size() {
            return size;
        }
    }

    /** One event of the replay: an attempt of a logical request starts, or its answer arrives. */
    private record Step(long logical, long callStart, int failed, boolean answer, boolean throttled) {}

    /**
     * Replays.
     *
     * @param logicalStarts the first start of each logical request, epoch ms, in ascending order
     * @param server what the server of the replay does
     * @param seed the seed of the one random source
     * @param from where the chart's first bucket starts (DG12)
     * @param bucketMillis the chart's bucket width (DG12)
     * @param realCompleted logical requests of the evidence whose last attempt was not a failure
     * @param quotaEstimated whether the server's quota was estimated (DG15) or given
     * @param record told of every attempt, in order of start (a no-op outside tests)
     */
    public static Diagnosis.WhatIf replay(
            LogicalStarts logicalStarts,
            Server server,
            long seed,
            long from,
            long bucketMillis,
            long realCompleted,
            boolean quotaEstimated,
            Consumer<Attempt> record) {
        SplittableRandom random = new SplittableRandom(seed);
        EventQueue<Step> queue = new EventQueue<>();
        RetryPolicy policy = RetryPolicy.DEFAULT;
        long[] accepted = new long[server.quotaPerSecond()]; // the sliding log: the last Q accepted starts, a ring
        int acceptedNext = 0;
        long acceptedCount = 0;
        int[] arrivals = new int[16];
        int[] throttled = new int[16];
        int buckets = 0;
        long requests = 0;
        long completed = 0;
        long gaveUp = 0;
        int next = 0;
        int count = logicalStarts.size();
        while (next < count || !queue.isEmpty()) {
            // The next logical request enters when it comes before (or with) the queue's next event; the queue holds
            // only what is in flight, so a storm of millions costs no more than its busiest moment.
            if (next < count && (queue.isEmpty() || logicalStarts.get(next) <= queue.peekTime())) {
                long start = logicalStarts.get(next);
                queue.schedule(Math.max(start, queue.now()), new Step(next, start, 0, false, false));
                next++;
                continue;
            }
            Step step = queue.next();
            long now = queue.now();
            if (!step.answer()) {
                requests++;
                // DG15: a sliding log of the last Q accepted starts; the oldest must be a whole window back.
                long oldest = accepted[acceptedNext];
                boolean through = acceptedCount < accepted.length || now - oldest >= QUOTA_WINDOW_MILLIS;
                if (through) {
                    accepted[acceptedNext] = now;
                    acceptedNext = (acceptedNext + 1) % accepted.length;
                    acceptedCount++;
                }
                int bucket = (int) ((now - from) / bucketMillis);
                if (bucket >= arrivals.length) {
                    int size = Math.max(bucket + 1, arrivals.length * 2);
                    arrivals = Arrays.copyOf(arrivals, size);
                    throttled = Arrays.copyOf(throttled, size);
                }
                arrivals[bucket]++;
                throttled[bucket] += through ? 0 : 1;
                buckets = Math.max(buckets, bucket + 1);
                record.accept(new Attempt(
                        step.logical(), now, through ? 200 : 429, through ? -1 : server.retryAfterSeconds()));
                queue.schedule(
                        now + server.answerMillis(),
                        new Step(step.logical(), step.callStart(), step.failed(), true, !through));
                continue;
            }
            if (!step.throttled()) {
                completed++;
                continue;
            }
            Outcome.HttpResponse answer = server.retryAfterSeconds() < 0
                    ? Outcome.HttpResponse.of(429)
                    : Outcome.HttpResponse.withRetryAfter(429, Long.toString(server.retryAfterSeconds()));
            int failed = step.failed();
            BudgetCounters counters =
                    new BudgetCounters(failed, failed, failed, Duration.ofMillis(now - step.callStart()));
            // The client's own decision, as every executor of this project takes it: RA3, RA4, B1, B3.
            Decision decision = RetryDecision.decide(
                    answer, Operation.READ, SERVER, counters, policy, Instant.ofEpochMilli(now), random.nextDouble());
            if (decision instanceof Decision.Retry retry) {
                queue.schedule(
                        now + ceilMillis(retry.delay()),
                        new Step(step.logical(), step.callStart(), failed + 1, false, false));
            } else {
                gaveUp++;
            }
        }
        double amplification = count == 0 ? 0 : (double) requests / count;
        return new Diagnosis.WhatIf(
                true,
                requests,
                count,
                amplification,
                completed,
                gaveUp,
                realCompleted,
                server.quotaPerSecond(),
                quotaEstimated,
                server.retryAfterSeconds(),
                server.answerMillis(),
                seed,
                Arrays.stream(arrivals, 0, buckets).boxed().toList(),
                Arrays.stream(throttled, 0, buckets).boxed().toList());
    }

    /** A sleep in whole ms, rounded up: a retry never starts before its wait is over (RA3). */
    private static long ceilMillis(Duration delay) {
        long millis = delay.toMillis();
        return delay.minusMillis(millis).isZero() ? millis : millis + 1;
    }

    /** No record, outside tests. */
    static final Consumer<Attempt> NO_RECORD = a -> {};
}
