package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.testing.FakeClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The meters (L8) and their scrape endpoint (L10) at their edges: kinds, sources, the content type, the port's life. */
class LimiterMetricsEdgesTest {

    private static double count(LimiterMetrics metrics, String name, String... tags) {
        return metrics.registry().get(name).tags(tags).counter().count();
    }

    @Test
    @DisplayName("L8: failed Redis calls are counted by kind, each kind on its own counter")
    void backendFailuresAreCountedByKind() {
        LimiterMetrics metrics = LimiterMetrics.on(new SimpleMeterRegistry());

        metrics.backendFailure("unavailable");
        metrics.backendFailure("unavailable");
        metrics.backendFailure("error");

        assertThat(count(metrics, LimiterMetrics.BACKEND_FAILURES, "kind", "unavailable"))
                .isEqualTo(2);
        assertThat(count(metrics, LimiterMetrics.BACKEND_FAILURES, "kind", "error"))
                .isEqualTo(1);
        assertThat(metrics.scrape()).isEmpty();
    }

    @Test
    @DisplayName("L8: decisions are counted apart by outcome and by source, and a metered limiter shows what it wraps")
    void decisionsAreCountedBySource() {
        FakeClock clock = FakeClock.atNewYear();
        LimiterMetrics metrics = LimiterMetrics.inMemory();
        RateLimiter limiter = RateLimiterBuilder.of(Algorithm.TOKEN_BUCKET, LimitSpec.of(1, Duration.ofMinutes(1)))
                .clock(clock)
                .metrics(metrics)
                .build();
        LimitKey key = LimitKey.of("alice", "gpt-4o");

        limiter.tryAcquire(key);
        limiter.tryAcquire(key);
        metrics.decision(
                Algorithm.TOKEN_BUCKET, new LimitDecision.Allowed(0, clock.instant(), DecisionSource.FAIL_OPEN));

        assertThat(count(
                        metrics,
                        LimiterMetrics.DECISIONS,
                        "outcome",
                        "allowed",
                        "algorithm",
                        "token_bucket",
                        "source",
                        "backend"))
                .isEqualTo(1);
        assertThat(count(metrics, LimiterMetrics.DECISIONS, "outcome", "refused", "source", "backend"))
                .isEqualTo(1);
        assertThat(count(metrics, LimiterMetrics.DECISIONS, "outcome", "allowed", "source", "fail_open"))
                .isEqualTo(1);
        assertThat(limiter.algorithm()).isEqualTo(Algorithm.TOKEN_BUCKET);
        assertThat(limiter.spec()).isEqualTo(LimitSpec.of(1, Duration.ofMinutes(1)));
    }

    @Test
    @DisplayName("L10: the endpoint answers in Prometheus's text format, and its port closes with it")
    void endpointSpeaksPrometheusTextAndClosesItsPort() throws Exception {
        LimiterMetrics metrics = LimiterMetrics.prometheus();
        metrics.retryAttempt("gpt-4o");
        HttpClient client = HttpClient.newHttpClient();
        PrometheusEndpoint endpoint = PrometheusEndpoint.start(metrics, 0);
        int port = endpoint.uri().getPort();
        try {
            HttpResponse<String> response =
                    client.send(HttpRequest.newBuilder(endpoint.uri()).build(), HttpResponse.BodyHandlers.ofString());

            assertThat(response.headers().firstValue("Content-Type"))
                    .contains("text/plain; version=0.0.4; charset=utf-8");
            assertThat(response.body()).contains("stormwatch_client_retry_attempts_total{model=\"gpt-4o\"} 1.0");
            assertThat(endpoint.uri()).hasToString("http://127.0.0.1:" + port + "/metrics");
        } finally {
            endpoint.close();
        }

        try (ServerSocket again = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(again.getLocalPort()).isEqualTo(port);
        }
    }

    @Test
    @DisplayName("L10: a metrics port that is taken is refused naming the port, not served elsewhere")
    void aTakenPortIsRefused() throws IOException {
        try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            int port = taken.getLocalPort();

            assertThatThrownBy(() -> PrometheusEndpoint.start(LimiterMetrics.prometheus(), port))
                    .isInstanceOf(UncheckedIOException.class)
                    .hasMessage("cannot open the metrics port " + port + " on 127.0.0.1");
        }
    }
}
