package dev.stormwatch.bench;

import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.EmbeddedRedis;
import dev.stormwatch.limit.JedisPooledPort;
import dev.stormwatch.limit.LimitKey;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.LuaScript;
import dev.stormwatch.limit.RedisClientSettings;
import dev.stormwatch.limit.RedisRateLimiter;
import io.github.bucket4j.BucketConfiguration;
import io.github.bucket4j.distributed.BucketProxy;
import io.github.bucket4j.distributed.ExpirationAfterWriteStrategy;
import io.github.bucket4j.distributed.proxy.ProxyManager;
import io.github.bucket4j.redis.jedis.Bucket4jJedis;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicLong;
import org.HdrHistogram.Histogram;
import redis.clients.jedis.ConnectionPoolConfig;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.JedisPooled;

/**
 * Decisions per second and p50/p99 latency of every Redis algorithm, on one hot key and on 10,000 keys,
 * with 1 and 32 connections (one thread per connection), next to a no-op EVALSHA on the same connections (the floor)
 * and Bucket4j's Jedis backend on the same Redis and limit. Not a test: a measurement.
 *
 * <p>Run: {@code mvn -Pbench -DskipTests package && java -cp target/benchmarks.jar dev.stormwatch.bench.LimiterBenchmark}
 * [{@code --rounds 3 --seconds 4 --warmup 2 --limit 1000 --window-ms 1000 --threads 1,32 --redis redis://host:port}].
 * Without --redis it
 * starts the embedded redis-server, on the same machine as the clients.
 */
// Bucket4j's Jedis adapter and this benchmark's own clients are JedisPooled, deprecated in Jedis 7 (as the ports).
@SuppressWarnings("deprecation")
public final class LimiterBenchmark {

    private static final int MANY_KEYS = 10_000;

    private static final String SEED_NAME = "seed's script";

    /** The seed article's sorted-set script, verbatim: the reference the 0.83x figure was measured with. */
    private static final String SEED_SCRIPT = """
            local now = tonumber(ARGV[1])
            local window = tonumber(ARGV[2])
            local limit = tonumber(ARGV[3])
            local cutoff = now - window

            redis.call("ZREMRANGEBYSCORE", KEYS[1], 0, cutoff)

            local count = redis.call("ZCARD", KEYS[1])
            if count >= limit then
              return {0, count}
            end

            redis.call("ZADD", KEYS[1], now, ARGV[4])
            redis.call("PEXPIRE", KEYS[1], window + 1000)

            return {1, count + 1}
            """;

    private LimiterBenchmark() {}

    /** One thing measured: a decision on a key. */
    @FunctionalInterface
    interface Operation {
        /** @return true when the request was allowed */
        boolean decide(int keyIndex);
    }

    record Result(String name, int keys, int threads, double perSecond, double p50Micros, double p99Micros,
            double allowedShare, long errors) {}

    public static void main(String[] args) throws Exception {
        Map<String, String> options = options(args);
        int seconds = Integer.parseInt(options.getOrDefault("seconds", "4"));
        int warmup = Integer.parseInt(options.getOrDefault("warmup", "2"));
        int rounds = Integer.parseInt(options.getOrDefault("rounds", "3"));
        int limit = Integer.parseInt(options.getOrDefault("limit", "1000"));
        Duration window = Duration.ofMillis(Long.parseLong(options.getOrDefault("window-ms", "1000")));
        List<Integer> threadCounts = java.util.Arrays.stream(options.getOrDefault("threads", "1,32").split(","))
                .map(Integer::parseInt).toList();
        LimitSpec spec = LimitSpec.of(limit, window);

        EmbeddedRedis embedded = options.containsKey("redis") ? null : EmbeddedRedis.start();
        String url = embedded == null ? options.get("redis") : embedded.url();
        // The embedded Redis requires its random password; a --redis URL is taken as needing none.
        password = embedded == null ? java.util.Optional.empty() : java.util.Optional.of(embedded.password());
        passwordText = embedded == null ? null : embedded.clientConfig().getPassword();
        System.out.printf(Locale.ROOT,
                "Redis %s, limit %d per %d ms, %d rounds of %d s measured after %d s warm-up, %d CPUs, load %.1f, %s%n",
                url, limit, window.toMillis(), rounds, seconds, warmup, Runtime.getRuntime().availableProcessors(),
                java.lang.management.ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.version"));
        List<Result> results = new ArrayList<>();
        try {
            for (int round = 1; round <= rounds; round++) {
                System.out.println("Round " + round);
                for (int threads : threadCounts) {
                    results.addAll(runMatrix(url, spec, threads, warmup, seconds));
                }
            }
        } finally {
            if (embedded != null) {
                embedded.close();
            }
        }
        report(results);
    }

    /** Every scenario on 1 and on 10,000 keys with this many connections, one thread each. */
    private static List<Result> runMatrix(String url, LimitSpec spec, int threads, int warmup, int seconds)
            throws InterruptedException {
        List<Result> results = new ArrayList<>();
        RedisClientSettings settings = RedisClientSettings.DEFAULT
                .withTimeout(Duration.ofSeconds(2)).withMaxConnections(threads);
        try (JedisPooledPort port = JedisPooledPort.connect(dev.stormwatch.limit.RedisAddress.parse(url), password, settings);
                JedisPooled bucket4jJedis = bucket4jClient(url, threads)) {
            for (int keys : List.of(1, MANY_KEYS)) {
                flush(url);
                List<String> redisKeys = keyNames(keys, "noop");
                LuaScript noop = LuaScript.noop();
                port.scriptLoad(noop.source(), redisKeys.get(0));
                // The same argument shape as the limiter's, so only the script's work differs.
                List<String> noopArgs = List.of(Integer.toString(spec.limit()), Long.toString(spec.window().toMillis()),
                        "bench:1", Long.toString(spec.window().toMillis() + 1000));
                results.add(run("no-op EVALSHA", keys, threads, warmup, seconds,
                        i -> port.evalsha(noop.sha(), redisKeys.get(i), noopArgs) != null));

                flush(url);
                List<String> seedKeys = keyNames(keys, "seed");
                String seedSha = port.scriptLoad(SEED_SCRIPT, seedKeys.get(0));
                AtomicLong seedSequence = new AtomicLong();
                String seedLimit = Integer.toString(spec.limit());
                String seedWindow = Long.toString(spec.window().toMillis());
                // The seed's own script, as the article prints it: the caller's clock, 2 replies, a caller-made member.
                results.add(run(SEED_NAME, keys, threads, warmup, seconds, i -> {
                    long nowMillis = System.currentTimeMillis();
                    Object reply = port.evalsha(seedSha, seedKeys.get(i), List.of(Long.toString(nowMillis), seedWindow,
                            seedLimit, nowMillis + ":bench:" + seedSequence.incrementAndGet()));
                    return Long.valueOf(1L).equals(((List<?>) reply).get(0));
                }));

                for (Algorithm algorithm : Algorithm.values()) {
                    flush(url);
                    RedisRateLimiter limiter = RedisRateLimiter.connect(algorithm, spec, port);
                    List<LimitKey> limitKeys = limitKeys(keys, algorithm.name().toLowerCase(Locale.ROOT));
                    results.add(run(algorithm.name(), keys, threads, warmup, seconds,
                            i -> limiter.tryAcquire(limitKeys.get(i)).allowed()));
                }

                flush(url);
                List<BucketProxy> buckets = bucket4j(bucket4jJedis, spec, keys);
                results.add(run("Bucket4j Jedis (CAS)", keys, threads, warmup, seconds,
                        i -> buckets.get(i).tryConsume(1)));
            }
        }
        return results;
    }

    private static Result run(String name, int keys, int threads, int warmupSeconds, int seconds, Operation operation)
            throws InterruptedException {
        measure(operation, keys, threads, warmupSeconds);
        Result result = measure(operation, keys, threads, seconds);
        Result named = new Result(name, keys, threads, result.perSecond(), result.p50Micros(), result.p99Micros(),
                result.allowedShare(), result.errors());
        System.out.printf(Locale.ROOT, "  %-22s keys=%-5d threads=%-2d %9.0f/s  p50 %7.1f us  p99 %8.1f us  allowed %5.1f%%  errors %d%n",
                name, keys, threads, named.perSecond(), named.p50Micros(), named.p99Micros(), named.allowedShare() * 100,
                named.errors());
        return named;
    }

    private static Result measure(Operation operation, int keys, int threads, int seconds) throws InterruptedException {
        AtomicBoolean running = new AtomicBoolean(true);
        AtomicLong allowed = new AtomicLong();
        AtomicLong errors = new AtomicLong();
        List<Histogram> histograms = new ArrayList<>();
        List<Thread> workers = new ArrayList<>();
        for (int t = 0; t < threads; t++) {
            Histogram histogram = new Histogram(60_000_000_000L, 3);
            histograms.add(histogram);
            SplittableRandom random = new SplittableRandom(t);
            Thread worker = new Thread(() -> {
                long mine = 0;
                while (running.get()) {
                    int key = keys == 1 ? 0 : random.nextInt(keys);
                    long start = System.nanoTime();
                    try {
                        if (operation.decide(key)) {
                            mine++;
                        }
                        histogram.recordValue(System.nanoTime() - start);
                    } catch (RuntimeException e) {
                        errors.incrementAndGet();
                    }
                }
                allowed.addAndGet(mine);
            });
            workers.add(worker);
        }
        long begin = System.nanoTime();
        workers.forEach(Thread::start);
        Thread.sleep(seconds * 1000L);
        running.set(false);
        for (Thread worker : workers) {
            worker.join();
        }
        double elapsed = (System.nanoTime() - begin) / 1e9;
        Histogram all = new Histogram(60_000_000_000L, 3);
        histograms.forEach(all::add);
        long count = all.getTotalCount();
        return new Result("", keys, threads, count / elapsed, all.getValueAtPercentile(50) / 1000.0,
                all.getValueAtPercentile(99) / 1000.0, count == 0 ? 0 : (double) allowed.get() / count, errors.get());
    }

    private static void report(List<Result> rounds) {
        List<Result> results = medians(rounds);
        System.out.println();
        System.out.println("Medians over the rounds");
        results.forEach(r -> System.out.printf(Locale.ROOT,
                "  %-22s keys=%-5d threads=%-2d %9.0f/s  p50 %7.1f us  p99 %8.1f us%n",
                r.name(), r.keys(), r.threads(), r.perSecond(), r.p50Micros(), r.p99Micros()));
        if (!results.stream().map(Result::threads).toList().containsAll(List.of(1, 32))) {
            return;
        }
        System.out.println("Ratios (goals: sliding log >= 0.8x no-op throughput at 32 connections; p50 <= 1.3x no-op on 1;"
                + " >= 5x Bucket4j on one hot key)");
        for (int threads : List.of(1, 32)) {
            for (int keys : List.of(1, MANY_KEYS)) {
                Result noop = find(results, "no-op EVALSHA", keys, threads);
                Result log = find(results, Algorithm.SLIDING_LOG.name(), keys, threads);
                Result bucket4j = find(results, "Bucket4j Jedis (CAS)", keys, threads);
                Result seed = find(results, SEED_NAME, keys, threads);
                System.out.printf(Locale.ROOT,
                        "  keys=%-5d threads=%-2d sliding log / no-op: throughput %.2fx, p50 %.2fx;  sliding log / Bucket4j: %.1fx;"
                                + "  seed's script / no-op: %.2fx%n",
                        keys, threads, log.perSecond() / noop.perSecond(), log.p50Micros() / noop.p50Micros(),
                        log.perSecond() / bucket4j.perSecond(), seed.perSecond() / noop.perSecond());
            }
        }
    }

    /** Per scenario, the median of each figure over the rounds: the machine is shared, single runs are noisy. */
    private static List<Result> medians(List<Result> rounds) {
        Map<String, List<Result>> byScenario = new LinkedHashMap<>();
        rounds.forEach(r -> byScenario.computeIfAbsent(r.name() + '/' + r.keys() + '/' + r.threads(), k -> new ArrayList<>()).add(r));
        List<Result> medians = new ArrayList<>();
        byScenario.values().forEach(runs -> {
            Result first = runs.get(0);
            medians.add(new Result(first.name(), first.keys(), first.threads(), median(runs, Result::perSecond),
                    median(runs, Result::p50Micros), median(runs, Result::p99Micros), median(runs, Result::allowedShare),
                    runs.stream().mapToLong(Result::errors).sum()));
        });
        return medians;
    }

    private static double median(List<Result> runs, java.util.function.ToDoubleFunction<Result> figure) {
        double[] values = runs.stream().mapToDouble(figure).sorted().toArray();
        return values.length % 2 == 1 ? values[values.length / 2]
                : (values[values.length / 2 - 1] + values[values.length / 2]) / 2;
    }

    private static Result find(List<Result> results, String name, int keys, int threads) {
        return results.stream().filter(r -> r.name().equals(name) && r.keys() == keys && r.threads() == threads)
                .findFirst().orElseThrow();
    }

    private static List<LimitKey> limitKeys(int count, String model) {
        List<LimitKey> keys = new ArrayList<>(count);
        for (int i = 0; i < count; i++) {
            keys.add(LimitKey.of("user" + i, model));
        }
        return keys;
    }

    private static List<String> keyNames(int count, String model) {
        return limitKeys(count, model).stream().map(LimitKey::redisKey).toList();
    }

    private static java.util.Optional<dev.stormwatch.limit.RedisPassword> password = java.util.Optional.empty();
    /** Raw clients (Bucket4j's, FLUSHALL) take the password as text; null when none is needed. */
    private static String passwordText;

    private static JedisPooled bucket4jClient(String url, int connections) {
        var address = dev.stormwatch.limit.RedisAddress.parse(url);
        ConnectionPoolConfig pool = new ConnectionPoolConfig();
        pool.setMaxTotal(connections);
        pool.setMaxIdle(connections);
        return new JedisPooled(pool, new HostAndPort(address.host(), address.port()),
                DefaultJedisClientConfig.builder().socketTimeoutMillis(2000).connectionTimeoutMillis(2000)
                        .password(passwordText).build());
    }

    private static List<BucketProxy> bucket4j(JedisPooled jedis, LimitSpec spec, int keys) {
        ProxyManager<byte[]> proxies = Bucket4jJedis.casBasedBuilder(jedis)
                .expirationAfterWrite(ExpirationAfterWriteStrategy.basedOnTimeForRefillingBucketUpToMax(Duration.ofSeconds(10)))
                .build();
        // The same limit as ours: capacity = limit, refilled greedily at limit per window (a token bucket).
        BucketConfiguration configuration = BucketConfiguration.builder()
                .addLimit(l -> l.capacity(spec.limit()).refillGreedy(spec.limit(), spec.window()))
                .build();
        List<BucketProxy> buckets = new ArrayList<>(keys);
        for (LimitKey key : limitKeys(keys, "bucket4j")) {
            buckets.add(proxies.builder().build(key.redisKey().getBytes(StandardCharsets.UTF_8), () -> configuration));
        }
        return buckets;
    }

    private static void flush(String url) {
        var address = dev.stormwatch.limit.RedisAddress.parse(url);
        try (JedisPooled jedis = new JedisPooled(new HostAndPort(address.host(), address.port()),
                DefaultJedisClientConfig.builder().password(passwordText).build())) {
            jedis.flushAll();
        }
    }

    private static Map<String, String> options(String[] args) {
        Map<String, String> options = new LinkedHashMap<>();
        for (int i = 0; i + 1 < args.length; i += 2) {
            if (!args[i].startsWith("--")) {
                throw new IllegalArgumentException("options are --name value pairs, got " + args[i]);
            }
            options.put(args[i].substring(2), args[i + 1]);
        }
        return options;
    }
}
