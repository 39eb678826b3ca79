package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.limit.EmbeddedRedis;
import dev.stormwatch.limit.FailureMode;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.RedisPassword;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.RedisChoice;
import dev.stormwatch.load.options.RedisFailureHandling;
import dev.stormwatch.load.report.JsonReportWriter;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.report.SummaryTable;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.testing.DebianRedis;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.net.URI;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;

/**
 * RB1–RB3 on real Redis servers: Debian's redis-server 7 made slow for real with {@code DEBUG SLEEP} (the whole server
 * blocks, past the limiter's 250 ms timeout), and the embedded Redis stopped and started again. Before RB2 the first
 * slow answer ended the run as "Redis lost mid-run".
 */
@Tag("slow")
@WaitsBesideOtherTests
// Each method times its Redis faults from its run: they run one after another, the class beside the others.
@ResourceLock("RedisSlownessRunTest")
class RedisSlownessRunTest {

    private static final String PASSWORD = "Slow-Redis-7e2c91";

    private static EngineSettings settings() {
        return EngineSettings.defaults()
                .withLimit(LimitSpec.of(100_000, Duration.ofSeconds(1)))
                .withDrain(Duration.ofMillis(500));
    }

    /**
     * A progress listener that, at the run's first progress line (about 1 s after its clients started), schedules
     * {@code actions} at their delays from then: a busy machine may take seconds to start a run, so the faults are
     * timed from the run, not from the test.
     */
    private static java.util.function.Consumer<String> afterFirstSecond(
            ScheduledExecutorService timer, Object... delaysAndActions) {
        java.util.concurrent.atomic.AtomicBoolean started = new java.util.concurrent.atomic.AtomicBoolean();
        return line -> {
            if (started.compareAndSet(false, true)) {
                for (int i = 0; i < delaysAndActions.length; i += 2) {
                    timer.schedule(
                            (Runnable) delaysAndActions[i + 1], (Integer) delaysAndActions[i], TimeUnit.MILLISECONDS);
                }
            }
        };
    }

    private static long figure(LoadReport report, String name) {
        return (long) ((Figure.Value) report.figures().get(name)).value();
    }

    @Test
    @DisplayName(
            "RB2 RB3: two 600 ms stalls of a real Redis are ridden through, fail closed, and counted with their time")
    void aSlowRedisIsRiddenThroughAndCounted() throws Exception {
        ScheduledExecutorService stalls = Executors.newScheduledThreadPool(2);
        try (DebianRedis redis = DebianRedis.start(PASSWORD)) {
            LoadOptions options = LoadOptions.builder()
                    .clients(20)
                    .duration(Duration.ofSeconds(8))
                    .limiter(LimiterChoice.SLIDING_LOG)
                    .redis(new RedisChoice.External(URI.create(redis.url()), Optional.of(RedisPassword.of(PASSWORD))))
                    .seed(11)
                    .build();
            Runnable stall = () -> redis.sleep(Duration.ofMillis(600));

            LoadReport report =
                    new LoadEngine(settings()).run(options, afterFirstSecond(stalls, 1_500, stall, 4_000, stall));

            assertThat(report.outcome()).as(String.valueOf(report.notes())).isInstanceOf(RunOutcome.Completed.class);
            assertThat(figure(report, RedisDegradation.DEGRADED_DECISIONS))
                    .as("fail-closed decisions")
                    .isPositive();
            assertThat(figure(report, RedisDegradation.DEGRADED_SPANS)).isBetween(1L, 2L + 1);
            assertThat(report.notes())
                    .anySatisfy(note -> assertThat(note)
                            .startsWith("Redis slow or away: ")
                            .contains("fail closed")
                            .containsPattern("in [12] span\\(s\\): [2-4]\\.\\d-[2-5]\\.\\d s \\(\\d+\\)"));
            TimeSeries seconds = report.seriesNamed("client per second").orElseThrow();
            assertThat(seconds.buckets().subList(6, 8))
                    .as("successes after the second stall: the run rode through")
                    .allSatisfy(bucket ->
                            assertThat(bucket.count(Counter.STATUS_2XX)).isPositive());
            assertThat(SummaryTable.render(report)).contains("redis degraded decisions");
            assertThat(JsonReportWriter.toJson(report)
                            .path("figures")
                            .path(RedisDegradation.DEGRADED_DECISIONS)
                            .path("value")
                            .asLong())
                    .isEqualTo(figure(report, RedisDegradation.DEGRADED_DECISIONS));
        } finally {
            stalls.shutdownNow();
        }
    }

    @Test
    @DisplayName("RB2: fail open rides through a slow Redis too, allowing without a limit while it stalls")
    void failOpenRidesThroughAndAllows() throws Exception {
        ScheduledExecutorService stalls = Executors.newSingleThreadScheduledExecutor();
        try (DebianRedis redis = DebianRedis.start(PASSWORD)) {
            LoadOptions options = LoadOptions.builder()
                    .clients(20)
                    .duration(Duration.ofSeconds(5))
                    .limiter(LimiterChoice.SLIDING_LOG)
                    .redis(new RedisChoice.External(URI.create(redis.url()), Optional.of(RedisPassword.of(PASSWORD))))
                    .redisFailureHandling(RedisFailureHandling.DEFAULT.withMode(FailureMode.FAIL_OPEN))
                    .seed(12)
                    .build();
            Runnable stall = () -> redis.sleep(Duration.ofMillis(800));

            LoadReport report = new LoadEngine(settings()).run(options, afterFirstSecond(stalls, 1_000, stall));

            assertThat(report.outcome()).as(String.valueOf(report.notes())).isInstanceOf(RunOutcome.Completed.class);
            assertThat(figure(report, RedisDegradation.DEGRADED_DECISIONS)).isPositive();
            assertThat(report.notes()).anySatisfy(note -> assertThat(note).contains("fail open: allowed"));
            assertThat(report.seriesNamed("client per second").orElseThrow().total(Counter.LIMITER_REFUSED))
                    .as("fail open refuses nothing")
                    .isZero();
        } finally {
            stalls.shutdownNow();
        }
    }

    @Test
    @DisplayName("RB2: Redis stopped and started again within the outage limit: the run completes, the gap counted")
    void aRestartWithinTheLimitIsRiddenThrough() throws Exception {
        ScheduledExecutorService restarts = Executors.newSingleThreadScheduledExecutor();
        try (EmbeddedRedis redis = EmbeddedRedis.start()) {
            LoadOptions options = LoadOptions.builder()
                    .clients(20)
                    .duration(Duration.ofSeconds(7))
                    .limiter(LimiterChoice.SLIDING_LOG)
                    .redis(new RedisChoice.External(URI.create(redis.url()), Optional.of(redis.password())))
                    .instances(2)
                    .seed(13)
                    .build();
            Runnable stop = redis::stop;
            Runnable restart = redis::restart;

            LoadReport report =
                    new LoadEngine(settings()).run(options, afterFirstSecond(restarts, 1_000, stop, 2_500, restart));

            assertThat(report.outcome()).as(String.valueOf(report.notes())).isInstanceOf(RunOutcome.Completed.class);
            assertThat(figure(report, RedisDegradation.DEGRADED_DECISIONS)).isPositive();
            TimeSeries seconds = report.seriesNamed("client per second").orElseThrow();
            assertThat(seconds.buckets().get(6).count(Counter.STATUS_2XX))
                    .as("successes after the restart")
                    .isPositive();
        } finally {
            restarts.shutdownNow();
        }
    }
}
