package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.limit.PrometheusEndpoint;
import dev.stormwatch.load.options.LimiterChoice;
import dev.stormwatch.load.options.LoadOptions;
import dev.stormwatch.load.options.RedisChoice;
import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.report.RunOutcome;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.relay.Quota;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * A load run's meters served for Prometheus while it runs (L10), scraped over a real socket during the run and after
 * it, and compared with the run's own report: the relay's answers, the limiter's decisions, the retries and the
 * upstream latency (L8) of attempts sent on the event loop, which runs no OkHttp interceptor.
 */
class MetricsEndpointRunTest {

    private static final int CLIENTS = 20;
    private static final String MODEL = "model=\"storm-mini\"";

    @Test
    @DisplayName("L8, L10: a run's metrics are scraped while it runs, and what they count agrees with its report")
    void theEndpointServesTheRunsMetricsAndAgreesWithItsReport() throws Exception {
        LimiterMetrics metrics = LimiterMetrics.prometheus();
        HttpClient http = HttpClient.newHttpClient();
        try (PrometheusEndpoint endpoint = PrometheusEndpoint.start(metrics, 0)) {
            // The limiter lets twice the relay's quota through, so the relay refuses some and the clients retry.
            EngineSettings settings = EngineSettings.defaults()
                    .withRelayQuota(new Quota(10, Duration.ofSeconds(1)))
                    .withLimit(LimitSpec.of(20, Duration.ofSeconds(1)))
                    .withDrain(Duration.ofMillis(300));
            LoadOptions options = LoadOptions.builder()
                    .clients(CLIENTS)
                    .duration(Duration.ofSeconds(3))
                    .limiter(LimiterChoice.SLIDING_LOG)
                    .redis(new RedisChoice.LocalOnly())
                    .seed(3)
                    .build();

            CompletableFuture<LoadReport> run =
                    CompletableFuture.supplyAsync(() -> new LoadEngine(settings, metrics).run(options, line -> {}));
            double duringRun = 0;
            while (!run.isDone() && duringRun == 0) {
                Thread.sleep(200);
                duringRun = sum(scrape(http, endpoint.uri()), "stormwatch_relay_requests_total", "outcome=\"ok\"");
            }
            LoadReport report = run.get();
            String after = scrape(http, endpoint.uri());

            assertThat(duringRun)
                    .as("answers counted while the run was still going")
                    .isPositive();
            assertThat(report.outcome()).isInstanceOf(RunOutcome.Completed.class);
            TimeSeries provider = report.seriesNamed("provider per second").orElseThrow();
            TimeSeries client = report.seriesNamed("client per second").orElseThrow();
            // The relay's counters count what it answered, as the report's provider series does from its record. The
            // run reads that record one last time when it ends, after cancelling what its clients still await; the
            // relay may answer those afterwards (at most one per client), and its counters still count them.
            assertThat(sum(after, "stormwatch_relay_requests_total", "outcome=\"ok\""))
                    .isBetween(
                            (double) provider.total(Counter.STATUS_2XX),
                            (double) provider.total(Counter.STATUS_2XX) + provider.eventsOutside() + CLIENTS);
            assertThat(sum(after, "stormwatch_relay_requests_total", "outcome=\"quota_exceeded\""))
                    .isBetween(
                            (double) provider.total(Counter.STATUS_429),
                            (double) provider.total(Counter.STATUS_429) + provider.eventsOutside() + CLIENTS)
                    .isPositive();
            // Decisions are counted when made; the report counts them when the attempt's answer came, so the ones
            // still in flight at the end (at most one per client) are the only difference.
            assertThat(sum(after, "stormwatch_limiter_decisions_total", "outcome=\"allowed\""))
                    .isBetween(
                            (double) client.total(Counter.LIMITER_ALLOWED),
                            (double) client.total(Counter.LIMITER_ALLOWED) + CLIENTS);
            // L8: a retry counts when it went on the wire, as in the report, not when it was decided: a retry the
            // limiter then refused was never sent. Only answers after the report's last read may differ.
            assertThat(sum(after, "stormwatch_client_retry_attempts_total", MODEL))
                    .isBetween(
                            (double) client.total(Counter.RETRIES),
                            (double) client.total(Counter.RETRIES) + client.eventsOutside() + CLIENTS)
                    .isPositive();
            long answered = client.total(Counter.STATUS_2XX)
                    + client.total(Counter.STATUS_429)
                    + client.total(Counter.STATUS_5XX)
                    + client.total(Counter.STATUS_OTHER);
            assertThat(sum(after, "stormwatch_upstream_latency_seconds_count", MODEL))
                    .as("L8 on the event loop: one latency per answer")
                    .isBetween((double) answered, (double) answered + CLIENTS);
        }
    }

    private static String scrape(HttpClient http, URI uri) throws Exception {
        HttpResponse<String> response =
                http.send(HttpRequest.newBuilder(uri).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(response.statusCode()).isEqualTo(200);
        return response.body();
    }

    /** The sum of the samples of {@code name} whose labels contain {@code label}. */
    private static double sum(String scrape, String name, String label) {
        return scrape.lines()
                .filter(line -> line.startsWith(name + "{") && line.contains(label))
                .mapToDouble(line -> Double.parseDouble(line.substring(line.lastIndexOf(' ') + 1)))
                .sum();
    }
}
