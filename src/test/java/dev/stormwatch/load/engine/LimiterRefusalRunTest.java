package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.RedisChoice;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.report.StandardFigures;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * 50 closed-loop clients against a shared Redis limiter of 50 per second, as in the run against nginx that showed
 * 40,221 refusals in 20 s: the refused clients wait for their retry-at in one line (LB1), and retry amplification
 * counts only what went out (LB2). Real relay, real embedded Redis, real time: the end-to-end run of what
 * {@link LimiterRefusalScheduleTest} proves for both algorithms on simulated time.
 */
@Tag("slow")
class LimiterRefusalRunTest {

    private static final int CLIENTS = 50;

    @ParameterizedTest
    @EnumSource(
            value = LimiterChoice.class,
            names = {"SLIDING_LOG"})
    @DisplayName(
            "LB1, LB2: a full shared limiter refuses at most about once per allowed request, and amplification is not below 1")
    void refusedClientsWaitInLineAndAmplificationCountsWhatWentOut(LimiterChoice limiter) throws Exception {
        EngineSettings settings = EngineSettings.defaults()
                .withLimit(LimitSpec.of(50, Duration.ofSeconds(1)))
                .withDrain(Duration.ofMillis(300));
        LoadOptions options = LoadOptions.builder()
                .clients(CLIENTS)
                .duration(Duration.ofSeconds(3))
                .limiter(limiter)
                .redis(new RedisChoice.Embedded())
                .seed(16)
                .build();

        LoadReport report = new LoadEngine(settings).run(options, line -> {});

        assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
        TimeSeries client = report.seriesNamed("client per second").orElseThrow();
        long allowed = client.total(Counter.LIMITER_ALLOWED);
        long refused = client.total(Counter.LIMITER_REFUSED);
        assertThat(allowed).as("the limiter let about 50 a second through").isBetween(100L, 250L);
        // LB1: before the line, every refused client asked again at the same retry-at: 7 to 12 refusals per allowed
        // request here (1,518 against 217 in a 5 s run). In line, about one refusal per place that frees up.
        assertThat(refused)
                .as("refusals (%d) against allowed requests (%d)", refused, allowed)
                .isPositive()
                .isLessThanOrEqualTo(allowed + CLIENTS);
        // LB2: the refused calls sent nothing and are counted apart; what went out was sent once each (no 429s).
        assertThat(client.total(Counter.UNSENT_REQUESTS)).isPositive().isLessThanOrEqualTo(refused);
        Figure amplification = report.figures().get(StandardFigures.RETRY_AMPLIFICATION);
        assertThat(amplification).isInstanceOf(Figure.Value.class);
        assertThat(((Figure.Value) amplification).value()).isBetween(1.0, 1.05);
    }
}
