package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.testing.FakeClock;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The limiter's and the client's meters (L8), and the Prometheus scrape endpoint. */
class LimiterMetricsTest {

    private final FakeClock clock = new FakeClock(Instant.parse("2026-01-01T00:00:00Z"));

    @Test
    @DisplayName("L8: allowed and refused decisions are counted by algorithm and source")
    void decisionsAreCounted() {
        LimiterMetrics metrics = LimiterMetrics.inMemory();
        RateLimiter limiter = RateLimiterBuilder.of(Algorithm.FIXED_WINDOW, LimitSpec.of(2, Duration.ofMinutes(1)))
                .clock(clock)
                .metrics(metrics)
                .build();
        LimitKey key = LimitKey.of("alice", "gpt-4o");

        for (int i = 0; i < 5; i++) {
            limiter.tryAcquire(key);
        }

        assertThat(metrics.registry()
                        .get(LimiterMetrics.DECISIONS)
                        .tags("outcome", "allowed", "algorithm", "fixed_window", "source", "backend")
                        .counter()
                        .count())
                .isEqualTo(2);
        assertThat(metrics.registry()
                        .get(LimiterMetrics.DECISIONS)
                        .tags("outcome", "refused")
                        .counter()
                        .count())
                .isEqualTo(3);
    }

    @Test
    @DisplayName("L8: retry attempts, exhausted attempts and upstream latency by model")
    void clientMetersAreKeptByModel() {
        LimiterMetrics metrics = LimiterMetrics.inMemory();

        metrics.retryAttempt("gpt-4o");
        metrics.retryAttempt("gpt-4o");
        metrics.exhaustedAttempts("claude");
        metrics.upstreamLatency("gpt-4o", Duration.ofMillis(120));
        metrics.upstreamLatency("gpt-4o", Duration.ofMillis(80));

        assertThat(metrics.registry()
                        .get(LimiterMetrics.RETRY_ATTEMPTS)
                        .tag("model", "gpt-4o")
                        .counter()
                        .count())
                .isEqualTo(2);
        assertThat(metrics.registry()
                        .get(LimiterMetrics.EXHAUSTED_ATTEMPTS)
                        .tag("model", "claude")
                        .counter()
                        .count())
                .isEqualTo(1);
        var timer = metrics.registry()
                .get(LimiterMetrics.UPSTREAM_LATENCY)
                .tag("model", "gpt-4o")
                .timer();
        assertThat(timer.count()).isEqualTo(2);
        assertThat(timer.totalTime(java.util.concurrent.TimeUnit.MILLISECONDS)).isEqualTo(200.0);
    }

    @Test
    @DisplayName("L8: a Prometheus endpoint on loopback serves the meters when switched on")
    void prometheusEndpointServesTheMeters() throws Exception {
        LimiterMetrics metrics = LimiterMetrics.prometheus();
        RateLimiter limiter = RateLimiterBuilder.of(Algorithm.GCRA, LimitSpec.of(1, Duration.ofMinutes(1)))
                .clock(clock)
                .metrics(metrics)
                .build();
        limiter.tryAcquire(LimitKey.of("alice", "gpt-4o"));
        limiter.tryAcquire(LimitKey.of("alice", "gpt-4o"));
        metrics.upstreamLatency("gpt-4o", Duration.ofMillis(5));

        try (PrometheusEndpoint endpoint = PrometheusEndpoint.start(metrics, 0)) {
            HttpResponse<String> response = HttpClient.newHttpClient()
                    .send(HttpRequest.newBuilder(endpoint.uri()).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(endpoint.uri().getHost()).isEqualTo("127.0.0.1");
            assertThat(response.statusCode()).isEqualTo(200);
            assertThat(response.body())
                    .contains(
                            "stormwatch_limiter_decisions_total{algorithm=\"gcra\",outcome=\"allowed\",source=\"backend\"} 1.0")
                    .contains(
                            "stormwatch_limiter_decisions_total{algorithm=\"gcra\",outcome=\"refused\",source=\"backend\"} 1.0")
                    .contains("stormwatch_upstream_latency_seconds_count{model=\"gpt-4o\"} 1")
                    .doesNotContain("alice");
        }
    }

    @Test
    void endpointNeedsAPrometheusRegistry() {
        assertThatThrownBy(() -> PrometheusEndpoint.start(LimiterMetrics.inMemory(), 0))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("LimiterMetrics.prometheus()");
    }
}
