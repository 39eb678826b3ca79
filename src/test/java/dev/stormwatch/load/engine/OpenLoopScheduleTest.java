package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.CallOptions;
import dev.stormwatch.http.ResilientClient;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.LatencySummary;
import dev.stormwatch.load.series.TwoResolutionRecorder;
import dev.stormwatch.retry.PolicyPreset;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The open loop's schedule on simulated time: the virtual clients and the real retry engine over a scripted model
 * API that answers in 10 ms and stalls for one second at t = 2 s. Six seconds of run take milliseconds, and every
 * figure is exact. {@link CoordinatedOmissionRunTest} runs the same story on real sockets against the real relay.
 */
class OpenLoopScheduleTest {

    private static final Instant START = Instant.parse("2026-12-01T03:00:00Z");
    private static final Duration SERVICE = Duration.ofMillis(10);
    private static final Duration STALL = Duration.ofSeconds(1);

    private final SimulatedTime time = new SimulatedTime(START);
    private final ScriptedModelTransport model = new ScriptedModelTransport(time, SERVICE, START.plusSeconds(2), STALL);
    private final TwoResolutionRecorder recorder =
            new TwoResolutionRecorder(time, START, Duration.ofSeconds(10), START, Duration.ofSeconds(6));

    private VirtualClients clients(int instances) {
        List<ResilientClient> fleet = java.util.stream.IntStream.range(0, instances)
                .mapToObj(i -> ResilientClient.builder(new OkHttpClient())
                        .policy(PolicyPreset.BATCH.policy())
                        .clock(time)
                        .scheduler(time.retryScheduler())
                        .random(() -> 0.5)
                        .transport(model)
                        .build())
                .toList();
        Request request =
                new Request.Builder().url("http://127.0.0.1:9/v1/models").get().build();
        return new VirtualClients(
                fleet,
                request,
                CallOptions.model("storm-mini"),
                recorder,
                time,
                new StopSignal(),
                new ResponseWatch(),
                "scripted model");
    }

    private VirtualClients runOpenLoop(double rate, int clients, Duration length) {
        VirtualClients virtualClients = clients(1);
        virtualClients.startOpenLoop(rate, clients);
        time.runFor(length);
        virtualClients.stopSending();
        time.runFor(Duration.ofSeconds(2)); // the drain: what is in flight ends
        return virtualClients;
    }

    @Test
    @DisplayName("CO2: arrivals that find every virtual client busy wait for one and are all sent, none dropped")
    void arrivalsWaitForAFreeClientInsteadOfBeingDropped() {
        VirtualClients virtualClients = runOpenLoop(100, 2, Duration.ofSeconds(6));

        assertThat(recorder.perSecond().total(Counter.LOGICAL_REQUESTS))
                .as("100 per second for 6 s")
                .isEqualTo(600);
        assertThat(model.received()).isEqualTo(600);
        assertThat(virtualClients.skipped()).isZero();
        assertThat(virtualClients.inFlight()).isZero();
    }

    @Test
    @DisplayName("CO1: a one-second stall shows in the p99 from the intended start, not in the service time's p99")
    void aStallShowsFromTheIntendedStartOnly() {
        runOpenLoop(100, 2, Duration.ofSeconds(6));

        LatencySummary service = recorder.overallLatency();
        LatencySummary response = recorder.overallResponseTime();
        assertThat(service.count()).isEqualTo(600);
        assertThat(response.count()).isEqualTo(600);
        // Two requests were on the wire when the stall began: 2 of 600, under 1 %.
        assertThat(service.p99()).isBetween(Duration.ofMillis(9), Duration.ofMillis(11));
        assertThat(service.max()).isGreaterThanOrEqualTo(STALL.minus(SERVICE));
        // The ~100 arrivals due during the stall waited for it, and the line behind them drained after it.
        assertThat(response.p99()).isGreaterThanOrEqualTo(STALL.multipliedBy(9).dividedBy(10));
        assertThat(response.p50()).as("most arrivals were on time").isLessThan(Duration.ofMillis(20));
    }

    @Test
    @DisplayName("CO1: on time, the response time from the intended start equals the service time")
    void onTimeTheResponseTimeIsTheServiceTime() {
        ScriptedModelTransport steady = new ScriptedModelTransport(time, SERVICE, START.plusSeconds(60), STALL);
        List<ResilientClient> fleet = List.of(ResilientClient.builder(new OkHttpClient())
                .policy(PolicyPreset.BATCH.policy())
                .clock(time)
                .scheduler(time.retryScheduler())
                .random(() -> 0.5)
                .transport(steady)
                .build());
        VirtualClients virtualClients = new VirtualClients(
                fleet,
                new Request.Builder().url("http://127.0.0.1:9/v1/models").get().build(),
                CallOptions.model("storm-mini"),
                recorder,
                time,
                new StopSignal(),
                new ResponseWatch(),
                "steady");
        virtualClients.startOpenLoop(100, 2);
        time.runFor(Duration.ofSeconds(3));
        virtualClients.stopSending();
        time.runFor(Duration.ofSeconds(1));

        assertThat(recorder.overallResponseTime().count()).isEqualTo(300);
        assertThat(recorder.overallResponseTime().max())
                .isEqualTo(recorder.overallLatency().max());
    }
}
