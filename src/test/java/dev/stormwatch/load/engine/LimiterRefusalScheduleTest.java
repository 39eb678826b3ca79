package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.CallOptions;
import dev.stormwatch.http.ResilientClient;
import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.RateLimiter;
import dev.stormwatch.limit.RateLimiterBuilder;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.RetryAmplification;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.series.TwoResolutionRecorder;
import dev.stormwatch.retry.PolicyPreset;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * 50 closed-loop clients on one client instance behind a limiter of 50 per second, on simulated time: the refused
 * clients wait for their retry-at in one line (LB1), and retry amplification counts only what went out
 * (LB2). The limiter is the in-memory twin of the Redis one (the limiter contract test holds both to the same
 * decisions); {@link LimiterRefusalRunTest} runs the same on the real relay and a real Redis.
 */
class LimiterRefusalScheduleTest {

    private static final Instant START = Instant.parse("2026-12-01T03:00:00Z");
    private static final int CLIENTS = 50;

    @ParameterizedTest
    @EnumSource(
            value = Algorithm.class,
            names = {"SLIDING_LOG", "GCRA"})
    @DisplayName(
            "LB1, LB2: a full limiter refuses at most about once per allowed request, and amplification is not below 1 (simulated time)")
    void refusedClientsWaitInLineAndAmplificationCountsWhatWentOut(Algorithm algorithm) {
        SimulatedTime time = new SimulatedTime(START);
        ScriptedModelTransport model =
                new ScriptedModelTransport(time, Duration.ofMillis(10), START.plusSeconds(60), Duration.ofSeconds(1));
        TwoResolutionRecorder recorder =
                new TwoResolutionRecorder(time, START, Duration.ofSeconds(5), START, Duration.ofSeconds(5));
        ResponseWatch watch = new ResponseWatch();
        AttemptCounting counting = new AttemptCounting(recorder, true, watch);
        RateLimiter limiter = RateLimiterBuilder.of(algorithm, LimitSpec.of(50, Duration.ofSeconds(1)))
                .clock(time)
                .build();
        List<ResilientClient> instances = List.of(instance(time, model, counting, limiter));
        VirtualClients clients = new VirtualClients(
                instances,
                new Request.Builder().url("http://127.0.0.1:9/v1/models").get().build(),
                CallOptions.model("storm-mini"),
                recorder,
                time,
                new StopSignal(),
                watch,
                "scripted model");

        clients.startClosedLoop(CLIENTS, Duration.ZERO);
        time.runFor(Duration.ofSeconds(3));
        clients.stopSending();
        time.runFor(Duration.ofMillis(300));

        TimeSeries series = recorder.perSecond();
        long allowed = series.total(Counter.LIMITER_ALLOWED);
        long refused = series.total(Counter.LIMITER_REFUSED);
        assertThat(allowed).as("the limiter let about 50 a second through").isBetween(140L, 210L);
        assertThat(model.received()).as("everything allowed went out once").isEqualTo((int) allowed);
        // LB1: without the line every refused client would ask again at the same retry-at, 50 refusals per place.
        assertThat(refused)
                .as("refusals (%d) against allowed requests (%d)", refused, allowed)
                .isPositive()
                .isLessThanOrEqualTo(allowed + CLIENTS);
        // LB2: the refused calls sent nothing and are counted apart; what went out was sent once each.
        assertThat(series.total(Counter.UNSENT_REQUESTS)).isPositive().isLessThanOrEqualTo(refused);
        assertThat(RetryAmplification.of(series)).isEqualTo(Figure.of(1.0));
    }

    private static ResilientClient instance(
            SimulatedTime time, ScriptedModelTransport model, AttemptCounting counting, RateLimiter limiter) {
        return ResilientClient.builder(new OkHttpClient())
                .policy(PolicyPreset.BATCH.policy())
                .clock(time)
                .scheduler(time.retryScheduler())
                .random(() -> 0.5)
                .transport(model)
                .listener(counting)
                .limiter(limiter, "load-simulated")
                .build();
    }
}
