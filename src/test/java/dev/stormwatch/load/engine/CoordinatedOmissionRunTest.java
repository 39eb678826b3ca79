package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.TargetCredential;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.report.StandardFigures;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.relay.Relay;
import dev.stormwatch.relay.RelayConfig;
import dev.stormwatch.server.Fault;
import java.time.Duration;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * Coordinated omission on real sockets: two virtual clients, 100 arrivals per second, against a relay that stalls
 * for one second (each client's next answer is held 1 s). While both clients wait, about 100 arrivals are due; timed
 * from when they were sent, they look fast, and only the two stalled requests (under 1 % of the run) look slow.
 */
@Tag("slow")
class CoordinatedOmissionRunTest {

    private static final Duration STALL = Duration.ofSeconds(1);
    private static final int CLIENTS = 2;

    @Test
    @DisplayName("CO1, CO2: a one-second stall shows in the p99 from the intended start, not in the service time's p99")
    void aStallShowsInTheResponseTimeFromTheIntendedStart() throws Exception {
        ScheduledExecutorService planter = Executors.newSingleThreadScheduledExecutor();
        try (Relay relay = Relay.start(RelayConfig.defaults())) {
            LoadOptions options = LoadOptions.builder()
                    .target(relay.baseUrl().resolve("/v1/").toString())
                    .credential(new TargetCredential.ApiKey(Secret.of(RelayConfig.DEMO_KEY)))
                    .clients(CLIENTS)
                    .rate(100)
                    .duration(Duration.ofSeconds(6))
                    .seed(5)
                    .build();
            // The stall: each client's next request is answered a second late, two seconds into the run.
            planter.schedule(
                    () -> relay.faults().inject("/v1/models", new Fault.Delay(STALL), CLIENTS), 2, TimeUnit.SECONDS);

            LoadReport report =
                    new LoadEngine(EngineSettings.defaults().withDrain(Duration.ofSeconds(2))).run(options, line -> {});

            assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
            assertThat(relay.faults().pending()).as("both stalls were served").isEmpty();
            long requests =
                    report.seriesNamed("client per second").orElseThrow().total(Counter.LOGICAL_REQUESTS);
            assertThat(requests)
                    .as("arrivals that waited for a client were sent, not dropped")
                    .isGreaterThan(450);
            double serviceP99 = millis(report, StandardFigures.P99_SERVICE_TIME);
            double responseP99 = millis(report, StandardFigures.P99_RESPONSE_TIME);
            double responseP50 = millis(report, StandardFigures.P50_RESPONSE_TIME);
            assertThat(responseP99)
                    .as("p99 from the intended start (service time's p99: %.1f ms)", serviceP99)
                    .isGreaterThanOrEqualTo(STALL.toMillis() * 0.8);
            assertThat(serviceP99)
                    .as("the service time's p99: the two stalled requests are under 1 %% of %d", requests)
                    .isLessThan(STALL.toMillis() / 2.0);
            assertThat(responseP50).as("the median from the intended start").isLessThan(responseP99);
            // The per-second series carries both, for the charts and the reports. The second the stall began holds
            // many arrivals that waited for a client, so its p95 from the intended start is far above its service
            // time's p95. The p95, not the p99: the two stalled requests themselves are 2 % of a second's hundred
            // arrivals, enough to lift that second's service-time p99 too when both land in it.
            assertThat(report.seriesNamed("client per second").orElseThrow().buckets())
                    .anySatisfy(bucket -> assertThat(bucket.responseTime().p95())
                            .isGreaterThan(bucket.latency().p95().multipliedBy(4)));
        } finally {
            planter.shutdownNow();
        }
    }

    private static double millis(LoadReport report, String figure) {
        Figure value = report.figures().get(figure);
        assertThat(value).as(figure).isInstanceOf(Figure.Value.class);
        return ((Figure.Value) value).value();
    }
}
