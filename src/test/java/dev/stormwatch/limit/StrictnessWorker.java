package dev.stormwatch.limit;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * One OS process of the strictness test (L6): threads hammer one key on a shared Redis and write the Redis time of
 * every allowed decision to a file, an independent record that the test checks window by window.
 *
 * <p>Arguments: redisUrl principal model limit windowMs threads durationMs pauseMicros outFile
 */
public final class StrictnessWorker {

    private StrictnessWorker() {}

    /** The environment variable that carries the embedded Redis's password to the worker. */
    static final String PASSWORD_VARIABLE = "STORMWATCH_TEST_REDIS_PASSWORD";

    public static void main(String[] args) throws Exception {
        String url = args[0];
        LimitKey key = LimitKey.of(args[1], args[2]);
        LimitSpec spec = LimitSpec.of(Integer.parseInt(args[3]), Duration.ofMillis(Long.parseLong(args[4])));
        int threads = Integer.parseInt(args[5]);
        long durationNanos = Duration.ofMillis(Long.parseLong(args[6])).toNanos();
        long pauseNanos = Long.parseLong(args[7]) * 1000;
        Path out = Path.of(args[8]);

        ConcurrentLinkedQueue<Long> allowedAt = new ConcurrentLinkedQueue<>();
        AtomicLong refused = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        long activeNanos;
        // A generous timeout: a client-side timeout after Redis decided would leave an allowance unrecorded.
        // The password comes in the environment, not on the command line, where every local user could read it.
        java.util.Optional<RedisPassword> password =
                java.util.Optional.ofNullable(System.getenv(PASSWORD_VARIABLE)).map(RedisPassword::of);
        try (RedisPort port = JedisPooledPort.connect(
                RedisAddress.parse(url),
                password,
                RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(5)).withMaxConnections(threads))) {
            RedisRateLimiter limiter = RedisRateLimiter.connect(Algorithm.SLIDING_LOG, spec, port);
            long begin = System.nanoTime();
            long end = begin + durationNanos;
            List<Thread> workers = new ArrayList<>();
            for (int i = 0; i < threads; i++) {
                Thread worker = new Thread(() -> {
                    while (System.nanoTime() < end) {
                        try {
                            LimitDecision decision = limiter.tryAcquire(key);
                            if (decision.allowed()) {
                                allowedAt.add(MicroTime.of(decision.decidedAt()));
                            } else {
                                refused.incrementAndGet();
                            }
                        } catch (LimiterException e) {
                            errors.incrementAndGet();
                        }
                        LockSupport.parkNanos(pauseNanos);
                    }
                });
                workers.add(worker);
                worker.start();
            }
            for (Thread worker : workers) {
                worker.join();
            }
            activeNanos = System.nanoTime() - begin;
        }
        List<String> lines = new ArrayList<>();
        allowedAt.forEach(t -> lines.add(Long.toString(t)));
        writeAll(out, lines);
        System.out.println("allowed=" + allowedAt.size() + " refused=" + refused.get() + " errors=" + errors.get()
                + " activeMs=" + activeNanos / 1_000_000);
    }

    private static void writeAll(Path out, List<String> lines) throws IOException {
        Path partial = out.resolveSibling(out.getFileName() + ".partial");
        Files.write(partial, lines);
        // Rename last, so the test never reads half a record.
        Files.move(partial, out);
    }
}
