package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.RedisChoice;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.relay.Quota;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A local-limiter run with K = 4 instances lets about 4× the quota through; a run on one shared Redis holds the quota
 * (L6), both read from the relay's record. Small quota, short window, real relay, real embedded Redis.
 *
 * <p>The limiters keep a headroom below the relay's quota ({@link #LIMIT}), as a client should: the relay counts
 * arrivals in fixed windows aligned to the epoch, while a limiter decides a network hop earlier, on Redis's own time.
 * With a limit equal to the quota, every slot that frees at a window's edge is taken again at once, and a request
 * decided just before the relay's window ends may arrive just after it: whether the relay then refuses one depends on
 * where the run's first second falls against the epoch and on the machine's scheduling, not on the limiter. With the
 * headroom, ten decisions span more than one second plus any hop shorter than the headroom, so a refusal in the shared
 * run would be a real leak.
 */
class SharedLimiterTest {

    private static final int QUOTA = 10;
    private static final Duration WINDOW = Duration.ofSeconds(1);
    private static final Duration RUN = Duration.ofSeconds(3);
    private static final int INSTANCES = 4;
    /** The same number of requests as the quota, over a window 20% longer. */
    private static final LimitSpec LIMIT = LimitSpec.of(QUOTA, Duration.ofMillis(1_200));

    @Test
    @DisplayName(
            "L2, L6, RC7: K = 4 local limiters let about 4x the quota reach the relay; one shared Redis limiter holds it")
    void localLimitersLetKTimesTheQuotaThroughWhileRedisHoldsIt() throws Exception {
        LoadReport localRun = run(new RedisChoice.LocalOnly());
        LoadReport sharedRun = run(new RedisChoice.Embedded());
        TimeSeries local = localRun.seriesNamed("provider per second").orElseThrow();
        TimeSeries shared = sharedRun.seriesNamed("provider per second").orElseThrow();

        long windows = RUN.toSeconds() + 1; // the last window is cut by the drain
        // Redis: no more than the quota in any window reached the relay, so it refused (almost) nothing (L6); each
        // refusal left needs a hop 200 ms slower than the one before it.
        assertThat(shared.total(Counter.ATTEMPTS)).isLessThanOrEqualTo(QUOTA * windows);
        assertThat(shared.total(Counter.STATUS_429)).isLessThanOrEqualTo(2);
        assertThat(shared.total(Counter.STATUS_2XX)).isGreaterThanOrEqualTo(QUOTA * RUN.toSeconds() - QUOTA);
        // Local: each instance allowed the quota, so about K = 4 times it arrived, and the relay refused the excess.
        assertThat(local.total(Counter.ATTEMPTS)).isLessThanOrEqualTo(INSTANCES * QUOTA * windows);
        double ratio = (double) local.total(Counter.ATTEMPTS) / shared.total(Counter.ATTEMPTS);
        // At most K x windows / full windows: the drain may let one run's last, cut window in and not the other's.
        double most = (double) INSTANCES * windows / RUN.toSeconds();
        assertThat(ratio)
                .as(
                        "arrivals with 4 local limiters (%d) / with one shared Redis limiter (%d)",
                        local.total(Counter.ATTEMPTS), shared.total(Counter.ATTEMPTS))
                .isBetween(3.0, most);
        assertThat(local.total(Counter.STATUS_429)).isGreaterThan(QUOTA * RUN.toSeconds());
        // RC7: a refused client comes back at the retry-at it was given, not in a tight loop of refusals.
        TimeSeries sharedClient = sharedRun.seriesNamed("client per second").orElseThrow();
        assertThat(sharedClient.total(Counter.LIMITER_REFUSED)).isPositive().isLessThan(5_000);
        // What the limiter allowed reached the relay, but for a request or two cut off by the end of the run.
        assertThat(sharedClient.total(Counter.LIMITER_ALLOWED))
                .isBetween(shared.total(Counter.ATTEMPTS), shared.total(Counter.ATTEMPTS) + 3);
    }

    private static LoadReport run(RedisChoice redis) throws Exception {
        EngineSettings settings = EngineSettings.defaults()
                .withRelayQuota(new Quota(QUOTA, WINDOW))
                .withLimit(LIMIT)
                .withDrain(Duration.ofMillis(200));
        LoadOptions options = LoadOptions.builder()
                .clients(64)
                .duration(RUN)
                .limiter(LimiterChoice.SLIDING_LOG)
                .redis(redis)
                .instances(INSTANCES)
                .seed(11)
                .build();
        LoadReport report = new LoadEngine(settings).run(options, line -> {});
        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        return report;
    }
}
