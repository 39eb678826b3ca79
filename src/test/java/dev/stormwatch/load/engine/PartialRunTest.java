package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.limit.EmbeddedRedis;
import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.RedisChoice;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.series.Counter;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Bad input: an unreachable target or Redis lost mid-run ends the run early with a partial report. */
class PartialRunTest {

    @Test
    @DisplayName("ST2: an unreachable target ends the run at once with a partial report that says why")
    void unreachableTargetGivesAPartialReportWithTheReason() throws Exception {
        int closedPort = EmbeddedRedis.freeLoopbackPort(); // nothing listens there
        LoadOptions options = LoadOptions.builder()
                .target("http://127.0.0.1:" + closedPort + "/v1")
                .clients(10)
                .duration(Duration.ofSeconds(30))
                .seed(1)
                .build();

        long started = System.nanoTime();
        LoadReport report = new LoadEngine(EngineSettings.defaults()).run(options, line -> {});
        Duration took = Duration.ofNanos(System.nanoTime() - started);

        assertThat(report.outcome())
                .isInstanceOfSatisfying(
                        RunOutcome.Partial.class,
                        partial -> assertThat(partial.reason())
                                .contains("target unreachable")
                                .contains("127.0.0.1:" + closedPort)
                                .contains("refused"));
        assertThat(took).as("never waits out the planned 30 s").isLessThan(Duration.ofSeconds(10));
        assertThat(report.seriesNamed("client per second").orElseThrow().total(Counter.NETWORK_ERRORS))
                .isPositive();
        assertThat(report.seriesNamed("provider per second"))
                .as("a URL target has no relay record")
                .isEmpty();
    }

    @Test
    @DisplayName(
            "L9 RB2: Redis gone for the whole outage limit stops the run with a partial report; fail closed meanwhile")
    void redisLostMidRunGivesAPartialReport() throws Exception {
        ScheduledExecutorService killer = Executors.newSingleThreadScheduledExecutor();
        try (EmbeddedRedis redis = EmbeddedRedis.start()) {
            LoadOptions options = LoadOptions.builder()
                    .clients(20)
                    .duration(Duration.ofSeconds(30))
                    .limiter(LimiterChoice.SLIDING_LOG)
                    .redis(new RedisChoice.External(URI.create(redis.url()), java.util.Optional.of(redis.password())))
                    .redisFailureHandling(dev.stormwatch.load.options.RedisFailureHandling.DEFAULT.withOutageLimit(
                            Duration.ofSeconds(2)))
                    .instances(2)
                    .seed(5)
                    .build();
            // Redis goes away once the limiters have answered 40 requests from it: timed from the run's own
            // progress, since on a busy machine a kill timed from the test's start came before the first limiter.
            LimiterMetrics metrics = LimiterMetrics.inMemory();
            AtomicLong stoppedAt = new AtomicLong();
            killer.scheduleWithFixedDelay(
                    () -> {
                        if (stoppedAt.get() == 0 && allowedByRedis(metrics) >= REDIS_ANSWERS_BEFORE_THE_KILL) {
                            redis.stop();
                            stoppedAt.set(System.nanoTime());
                        }
                    },
                    10,
                    10,
                    TimeUnit.MILLISECONDS);

            LoadReport report = new LoadEngine(EngineSettings.defaults(), metrics).run(options, line -> {});
            long ended = System.nanoTime();

            assertThat(stoppedAt.get()).as("Redis was stopped during the run").isNotZero();
            Duration took = Duration.ofNanos(ended - stoppedAt.get());

            assertThat(report.outcome())
                    .isInstanceOfSatisfying(
                            RunOutcome.Partial.class,
                            partial -> assertThat(partial.reason())
                                    .startsWith("Redis lost mid-run: unreachable for 2000 ms"));
            assertThat(took)
                    .as("stopped at the 2 s outage limit after Redis went away, not at the planned 30 s")
                    .isLessThan(Duration.ofSeconds(12));
            assertThat(report.seriesNamed("client per second").orElseThrow().total(Counter.STATUS_2XX))
                    .as("what was measured before Redis went away is kept")
                    .isPositive();
        } finally {
            killer.shutdownNow();
        }
    }

    private static final int REDIS_ANSWERS_BEFORE_THE_KILL = 40;

    /** Requests the limiters let through on Redis's answer so far (L8's meter, source "backend"). */
    private static double allowedByRedis(LimiterMetrics metrics) {
        return metrics
                .registry()
                .find(LimiterMetrics.DECISIONS)
                .tag("outcome", "allowed")
                .tag("source", "backend")
                .counters()
                .stream()
                .mapToDouble(io.micrometer.core.instrument.Counter::count)
                .sum();
    }
}
