package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.ScenarioPresets;
import dev.stormwatch.load.scenario.TimedFault;
import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * Adaptive pacing against the quota-exhaustion preset's fault on the embedded relay (100 per 10 s), 50 clients for
 * 22 s, the same run with and without pacing, judged by the relay's own record. The whole engine runs on simulated
 * time with the relay's pipeline in process ({@link SimulatedEngine}), so the 44 s of runs take about a second; the
 * quota preset's scaled run is {@link QuotaExhaustionScenarioTest}, on simulated time too. Shorter windows (40 per 4 s) cost
 * pacing more goodput (0.6 of the plain run's): each window's throttle drops the rate again before it has climbed back.
 *
 * <p>Both runs are judged over one complete quota window that starts at least two seconds into the run. The relay's
 * windows are aligned to the epoch, so their phase against the run's start differs from run to run: counted over the
 * whole run, a plain run that happens to touch three windows earns 300 answers where a paced one, spreading the last
 * window's quota over the part of it the run still covers, earns 200, and the first second's learning burst (every
 * client's first call, before any has seen a hint) weighs on the 429 count whatever pacing then does.
 */
// RH11
class AdaptivePacingLoadTest {

    private static final int CLIENTS = 50;
    private static final Duration WINDOW = Duration.ofSeconds(10);
    private static final Duration SETTLED = Duration.ofSeconds(2);
    /** Not on a quota window's boundary: the run starts 3.4 s into one. */
    private static final Instant START = Instant.parse("2026-12-01T03:00:03.400Z");

    private static Scenario quota() {
        Scenario preset = ScenarioPresets.QUOTA_EXHAUSTION;
        return new Scenario(
                preset.name(),
                preset.title(),
                preset.description(),
                List.of(new TimedFault(Duration.ZERO, new RelayFault.Quota(100, WINDOW))),
                Duration.ofSeconds(12));
    }

    private static TimeSeries providerRecord(boolean adaptive) throws Exception {
        EngineSettings settings = EngineSettings.defaults().withDrain(Duration.ofMillis(500));
        LoadOptions options = LoadOptions.builder()
                .clients(CLIENTS)
                .duration(Duration.ofSeconds(22))
                .scenario(quota())
                .seed(11)
                .adaptive(adaptive)
                .build();
        LoadReport report =
                SimulatedEngine.on(new SimulatedTime(START), settings).run(options, line -> {});
        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        return oneSettledWindow(report.seriesNamed("provider per second").orElseThrow());
    }

    /** The buckets of the first complete quota window that starts {@link #SETTLED} or more after the series' start. */
    static TimeSeries oneSettledWindow(TimeSeries perSecond) {
        assertThat(perSecond.bucketWidth()).isEqualTo(Duration.ofSeconds(1));
        long start = perSecond.start().toEpochMilli();
        long width = WINDOW.toMillis();
        long boundary = Math.floorDiv(start + SETTLED.toMillis() + width - 1, width) * width;
        int first = (int) ((boundary - start) / 1000);
        int last = first + (int) WINDOW.toSeconds();
        assertThat(perSecond.buckets()).as("buckets to hold a settled window").hasSizeGreaterThanOrEqualTo(last);
        List<Bucket> window = new ArrayList<>();
        for (int i = first; i < last; i++) {
            window.add(Bucket.counting(
                    Duration.ofSeconds(i - first), perSecond.buckets().get(i).counts()));
        }
        return new TimeSeries(perSecond.bucketStart(first), perSecond.bucketWidth(), window, 0);
    }

    @Test
    @DisplayName("RH11: adaptive pacing earns far fewer 429s than no pacing, at comparable goodput")
    void adaptivePacingSendsFarFewer429sAtComparableGoodput() throws Exception {
        TimeSeries plain = providerRecord(false);
        TimeSeries paced = providerRecord(true);

        long plain429 = plain.total(Counter.STATUS_429);
        long paced429 = paced.total(Counter.STATUS_429);
        long plain2xx = plain.total(Counter.STATUS_2XX);
        long paced2xx = paced.total(Counter.STATUS_2XX);
        assertThat(plain429).as("429s without pacing").isGreaterThanOrEqualTo(CLIENTS / 2);
        assertThat(paced429).as("429s with pacing (plain run: %d)", plain429).isLessThanOrEqualTo(plain429 / 2);
        assertThat(paced2xx).as("2xx with pacing (plain run: %d)", plain2xx).isGreaterThanOrEqualTo(plain2xx * 3 / 4);
    }
}
