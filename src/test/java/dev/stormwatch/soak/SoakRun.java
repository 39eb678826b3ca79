package dev.stormwatch.soak;

import dev.stormwatch.base.Secret;
import dev.stormwatch.limit.EmbeddedRedis;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.load.engine.EngineSettings;
import dev.stormwatch.load.engine.LoadEngine;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.RedisChoice;
import dev.stormwatch.load.options.TargetCredential;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.relay.Disruption;
import dev.stormwatch.relay.Relay;
import dev.stormwatch.relay.RelayConfig;
import dev.stormwatch.server.Fault;
import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.HostAndPort;
import redis.clients.jedis.Jedis;

/**
 * RB5: the soak run. Load through the shared Redis limiter (two client instances, one sliding log on one Redis)
 * against the relay for {@code --minutes}, in back-to-back load runs of {@code --segment-minutes}, while the relay's
 * faults take turns (outage, hiccup, Retry-After) and Redis is restarted twice ({@link SoakPlan}). Every minute it
 * samples the JVM's heap (after a GC), threads and open files, and Redis's keys and memory into {@code samples.csv};
 * each load run's figures go to {@code segments.csv}; {@code verdict.txt} says whether the resources stayed flat
 * ({@link SoakVerdict}). Not a test and not part of the build; CONTRIBUTING.md gives the command:
 *
 * <pre>
 * java -cp "target/classes:target/test-classes:$(cat target/cp.txt)" dev.stormwatch.soak.SoakRun --minutes 30 --out soak-out
 * </pre>
 *
 * Exits 0 when every resource stayed flat and every load run completed, 1 otherwise, 2 for bad options.
 */
public final class SoakRun {

    private final Duration length;
    private final Duration segment;
    private final Duration sampleEvery;
    private final int clients;
    private final Path out;
    private final PrintStream console;
    private final List<SoakVerdict.Sample> samples = Collections.synchronizedList(new ArrayList<>());

    SoakRun(Duration length, Duration segment, Duration sampleEvery, int clients, Path out, PrintStream console) {
        this.length = length;
        this.segment = segment;
        this.sampleEvery = sampleEvery;
        this.clients = clients;
        this.out = out;
        this.console = console;
    }

    public static void main(String[] args) throws Exception {
        double minutes = 30;
        Double segmentMinutes = null;
        int clients = 40;
        Path out = Path.of("soak-out");
        try {
            for (int i = 0; i < args.length; i++) {
                switch (args[i]) {
                    case "--minutes" -> minutes = Double.parseDouble(args[++i]);
                    case "--segment-minutes" -> segmentMinutes = Double.parseDouble(args[++i]);
                    case "--clients" -> clients = Integer.parseInt(args[++i]);
                    case "--out" -> out = Path.of(args[++i]);
                    default ->
                        throw new IllegalArgumentException("unknown option " + args[i]
                                + "; use --minutes N, --segment-minutes M, --clients N, --out DIR");
                }
            }
            if (!(minutes >= 1 && minutes <= 24 * 60)) {
                throw new IllegalArgumentException("--minutes must be 1 to 1440, was " + minutes);
            }
            if (clients < 1 || clients > 1_000) {
                throw new IllegalArgumentException("--clients must be 1 to 1000, was " + clients);
            }
        } catch (RuntimeException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(2);
            return;
        }
        Duration length = Duration.ofMillis((long) (minutes * 60_000));
        // Three-minute load runs, or three in all for a short soak, so that runs start and stop many times.
        Duration segment = segmentMinutes != null
                ? Duration.ofMillis((long) (segmentMinutes * 60_000))
                : (length.compareTo(Duration.ofMinutes(15)) >= 0 ? Duration.ofMinutes(3) : length.dividedBy(3));
        boolean ok = new SoakRun(length, segment, Duration.ofMinutes(1), clients, out, System.out).run();
        System.exit(ok ? 0 : 1);
    }

    /** Runs the soak; true when flat and every load run completed. */
    boolean run() throws Exception {
        Files.createDirectories(out);
        SoakPlan plan = SoakPlan.of(length);
        Path samplesCsv = out.resolve("samples.csv");
        Path segmentsCsv = out.resolve("segments.csv");
        Files.writeString(
                samplesCsv, "elapsed_s,heap_used_bytes,threads,open_files,redis_keys,redis_used_memory_bytes\n");
        Files.writeString(
                segmentsCsv,
                "segment,started_s,outcome,attempts,status_2xx,status_429,status_5xx,"
                        + "network_errors,limiter_refused,retries,redis_degraded_decisions,redis_degraded_spans,"
                        + "threads_after,open_files_after\n");
        Files.writeString(out.resolve("faults.csv"), "at_s,fault\n");
        List<Disruption> outages = plan.steps().stream()
                .filter(step -> step.kind() == SoakPlan.Kind.OUTAGE)
                .<Disruption>map(
                        step -> new Disruption.Outage(step.at(), step.at().plus(SoakPlan.OUTAGE), 503))
                .toList();
        boolean allCompleted = true;
        ScheduledExecutorService timer = Executors.newScheduledThreadPool(2, runnable -> {
            Thread thread = new Thread(runnable, "soak-timer");
            thread.setDaemon(true);
            return thread;
        });
        try (EmbeddedRedis redis = EmbeddedRedis.start();
                Relay relay = Relay.start(RelayConfig.defaults()
                        .withCapacity(Math.max(256, clients), false)
                        .withRecordCapacity(10_000)
                        .withDisruptions(outages))) {
            long startNanos = System.nanoTime();
            console.printf(
                    Locale.ROOT,
                    "soak: %d min, load runs of %d s, %d clients, Redis %s (%s), relay %s, out %s%n",
                    length.toMinutes(),
                    segment.toSeconds(),
                    clients,
                    redis.url(),
                    redis.binary(),
                    relay.baseUrl(),
                    out);
            for (SoakPlan.Step step : plan.steps()) {
                timer.schedule(() -> apply(step, relay, redis, timer), step.at().toMillis(), TimeUnit.MILLISECONDS);
            }
            long samplesWanted = length.toMillis() / sampleEvery.toMillis();
            for (long i = 0; i <= samplesWanted; i++) {
                long at = i * sampleEvery.toMillis();
                timer.schedule(() -> sample(startNanos, redis, samplesCsv), at, TimeUnit.MILLISECONDS);
            }
            int number = 0;
            int startsRefused = 0;
            while (true) {
                Duration elapsed = Duration.ofNanos(System.nanoTime() - startNanos);
                Duration left = length.minus(elapsed);
                if (left.compareTo(Duration.ofSeconds(5)) < 0) {
                    break;
                }
                Duration runLength = left.compareTo(segment) < 0 ? left : segment;
                LoadReport report =
                        new LoadEngine(settings()).run(options(relay, redis, runLength, number + 1), line -> {});
                if (report.outcome() instanceof RunOutcome.Partial partial
                        && partial.reason().startsWith("the limiter could not start")) {
                    // A run cannot start while Redis restarts (it checks Redis before sending anything): wait, retry.
                    startsRefused++;
                    Thread.sleep(500);
                    continue;
                }
                number++;
                allCompleted &= report.outcome() instanceof RunOutcome.Completed;
                writeSegment(segmentsCsv, number, elapsed, report);
            }
            if (startsRefused > 0) {
                console.println("soak: " + startsRefused + " load run start(s) refused while Redis restarted, retried");
                Files.writeString(
                        out.resolve("faults.csv"),
                        "-," + startsRefused + " load run start(s) refused while Redis restarted\n",
                        StandardOpenOption.APPEND);
            }
            // The last minute's sample may be due just after the last run.
            long waitFor = length.toMillis()
                    - Duration.ofNanos(System.nanoTime() - startNanos).toMillis()
                    + 2_000;
            Thread.sleep(Math.max(0, waitFor));
        } finally {
            timer.shutdownNow();
        }
        List<SoakVerdict.Sample> taken;
        synchronized (samples) {
            taken = new ArrayList<>(samples);
        }
        String verdict;
        boolean flat;
        if (taken.size() < 4) {
            verdict = "NO VERDICT: only " + taken.size() + " sample(s); a verdict needs 4\n";
            flat = false;
        } else {
            SoakVerdict judged = SoakVerdict.of(taken);
            verdict = judged.describe();
            flat = judged.flat();
        }
        verdict += allCompleted ? "every load run completed\n" : "some load run stopped early: see segments.csv\n";
        Files.writeString(out.resolve("verdict.txt"), verdict);
        console.print(verdict);
        return flat && allCompleted;
    }

    private static EngineSettings settings() {
        // A limit the clients reach now and then, so that the limiter refuses as well as allows.
        return EngineSettings.defaults().withLimit(LimitSpec.of(300, Duration.ofSeconds(1)));
    }

    private LoadOptions options(Relay relay, EmbeddedRedis redis, Duration runLength, int number) throws Exception {
        return LoadOptions.builder()
                .target(relay.baseUrl().resolve("/v1").toString())
                .credential(new TargetCredential.ApiKey(Secret.of(RelayConfig.DEMO_KEY)))
                .clients(clients)
                .thinkTime(Duration.ofMillis(20))
                .duration(runLength)
                .limiter(LimiterChoice.SLIDING_LOG)
                .redis(new RedisChoice.External(URI.create(redis.url()), Optional.of(redis.password())))
                .instances(2)
                .seed(1_000 + number)
                .build();
    }

    private void apply(SoakPlan.Step step, Relay relay, EmbeddedRedis redis, ScheduledExecutorService timer) {
        try {
            Files.writeString(
                    out.resolve("faults.csv"),
                    step.at().toSeconds() + "," + step.kind() + "\n",
                    StandardOpenOption.APPEND);
            switch (step.kind()) {
                case OUTAGE -> {} // in the relay's own timeline (its Disruption.Outage)
                case HICCUP -> relay.hiccupNow();
                case RETRY_AFTER -> {
                    relay.faults()
                            .inject("/v1/models", Fault.Throttle.seconds(429, SoakPlan.RETRY_AFTER), Integer.MAX_VALUE);
                    timer.schedule(
                            () -> relay.faults().clear(), SoakPlan.RETRY_AFTER.toMillis(), TimeUnit.MILLISECONDS);
                }
                case REDIS_RESTART -> {
                    redis.stop();
                    timer.schedule(redis::restart, SoakPlan.REDIS_DOWN.toMillis(), TimeUnit.MILLISECONDS);
                }
            }
        } catch (IOException | RuntimeException e) {
            console.println("soak: " + step.kind() + " at " + step.at().toSeconds() + " s failed: " + e);
        }
    }

    private void sample(long startNanos, EmbeddedRedis redis, Path csv) {
        System.gc();
        long heap = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();
        int threads = ManagementFactory.getThreadMXBean().getThreadCount();
        long files = ManagementFactory.getOperatingSystemMXBean()
                        instanceof com.sun.management.UnixOperatingSystemMXBean unix
                ? unix.getOpenFileDescriptorCount()
                : -1;
        long keys = -1;
        long memory = -1;
        try (Jedis jedis = new Jedis(new HostAndPort("127.0.0.1", redis.port()), redis.clientConfig())) {
            keys = jedis.dbSize();
            memory = jedis.info("memory")
                    .lines()
                    .filter(line -> line.startsWith("used_memory:"))
                    .mapToLong(line -> Long.parseLong(
                            line.substring("used_memory:".length()).strip()))
                    .findFirst()
                    .orElse(-1);
        } catch (RuntimeException restarting) {
            // Redis is restarting (SoakPlan); the verdict leaves out what could not be read.
        }
        long elapsed = Duration.ofNanos(System.nanoTime() - startNanos).toSeconds();
        SoakVerdict.Sample sample = new SoakVerdict.Sample(elapsed, heap, threads, files, keys, memory);
        samples.add(sample);
        String line = String.format(Locale.ROOT, "%d,%d,%d,%d,%d,%d%n", elapsed, heap, threads, files, keys, memory);
        try {
            Files.writeString(csv, line, StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        } catch (IOException e) {
            console.println("soak: cannot write " + csv + ": " + e.getMessage());
        }
        console.printf(
                Locale.ROOT,
                "soak %s: t=%d s heap %.1f MB, %d threads, %d open files, %d Redis keys, %.1f MB Redis%n",
                Instant.now(),
                elapsed,
                heap / 1048576.0,
                threads,
                files,
                keys,
                memory / 1048576.0);
    }

    private void writeSegment(Path csv, int number, Duration startedAt, LoadReport report) throws IOException {
        TimeSeries seconds = report.seriesNamed("client per second").orElseThrow();
        String outcome = report.outcome() instanceof RunOutcome.Partial partial
                ? "\"partial: " + partial.reason().replace('"', '\'') + "\""
                : "completed";
        // After the run closed: what it started must be gone (a leak shows here first).
        int threadsAfter = ManagementFactory.getThreadMXBean().getThreadCount();
        long filesAfter = ManagementFactory.getOperatingSystemMXBean()
                        instanceof com.sun.management.UnixOperatingSystemMXBean unix
                ? unix.getOpenFileDescriptorCount()
                : -1;
        String line = String.format(
                Locale.ROOT,
                "%d,%d,%s,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d,%d%n",
                number,
                startedAt.toSeconds(),
                outcome,
                seconds.total(Counter.ATTEMPTS),
                seconds.total(Counter.STATUS_2XX),
                seconds.total(Counter.STATUS_429),
                seconds.total(Counter.STATUS_5XX),
                seconds.total(Counter.NETWORK_ERRORS),
                seconds.total(Counter.LIMITER_REFUSED),
                seconds.total(Counter.RETRIES),
                figure(report, "redis_degraded_decisions"),
                figure(report, "redis_degraded_spans"),
                threadsAfter,
                filesAfter);
        Files.writeString(csv, line, StandardOpenOption.APPEND);
        console.print("soak: load run " + number + ": " + line);
    }

    private static long figure(LoadReport report, String name) {
        return report.figures().get(name) instanceof Figure.Value value ? (long) value.value() : -1;
    }
}
