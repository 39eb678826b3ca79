package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.RedisChoice;
import dev.stormwatch.load.options.RedisFailureHandling;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.series.Counter;
import java.time.Clock;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** RB4: the size of a run's Redis pools follows the decisions the run can ask for at once, past 1,024. */
class RedisPoolSizeTest {

    private static final LimitSpec SPEC = LimitSpec.of(100_000, Duration.ofSeconds(1));

    @Test
    @DisplayName("RB4: pool size is the run's concurrent decisions, 8 at least, past 1,024 and up to 10,000")
    void poolSizeFollowsTheConcurrentDecisions() {
        assertThat(LimiterFleet.poolSize(3)).isEqualTo(8);
        assertThat(LimiterFleet.poolSize(66)).isEqualTo(66);
        assertThat(LimiterFleet.poolSize(1_024)).isEqualTo(1_024);
        assertThat(LimiterFleet.poolSize(2_002)).isEqualTo(2_002);
        assertThat(LimiterFleet.poolSize(50_000)).isEqualTo(10_000);
    }

    @Test
    @DisplayName("RB4: a fleet for 2,000 concurrent decisions on a real Redis has pools of 2,000, opened lazily")
    void aFleetForTwoThousandClientsHasPoolsOfTwoThousand() {
        try (LimiterFleet fleet = LimiterFleet.build(
                LimiterChoice.SLIDING_LOG,
                new RedisChoice.Embedded(),
                RedisFailureHandling.DEFAULT,
                2,
                SPEC,
                Clock.systemUTC(),
                2_000,
                LimiterMetrics.inMemory(),
                why -> {})) {
            assertThat(fleet.poolSizes()).containsExactly(2_000, 2_000);
        }
    }

    @Test
    @DisplayName("RB4: a run of 1,200 clients on 1,200 connections gets Redis pools of 1,202 and runs to the end")
    void aRunOfTwelveHundredClientsGetsPoolsPast1024() throws Exception {
        EngineSettings settings = EngineSettings.defaults()
                .withLimit(SPEC)
                .withMaxConnections(1_200)
                .withDrain(Duration.ofMillis(500));
        LoadOptions options = LoadOptions.builder()
                .clients(1_200)
                .duration(Duration.ofSeconds(3))
                .limiter(LimiterChoice.SLIDING_LOG)
                .redis(new RedisChoice.Embedded())
                .seed(21)
                .build();

        LoadReport report = new LoadEngine(settings).run(options, line -> {});

        assertThat(report.outcome()).as(String.valueOf(report.notes())).isInstanceOf(RunOutcome.Completed.class);
        assertThat(report.notes())
                .anyMatch(note -> note.contains("decisions on 1200 worker threads"))
                .anyMatch(note -> note.contains("a pool of up to 1202 connection(s) each"));
        assertThat(report.seriesNamed("client per second").orElseThrow().total(Counter.STATUS_2XX))
                .isPositive();
    }
}
