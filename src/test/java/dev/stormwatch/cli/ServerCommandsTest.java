package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@code stormwatch provider} and {@code stormwatch relay}: they start, print where they are, and stop. */
class ServerCommandsTest {

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return InProcessCli.run(out, err, args);
    }

    @Test
    void relayPrintsItsAddressAndDemoKeyThenStops() {
        int exit = run(
                "relay",
                "--port",
                "0",
                "--quota",
                "60/1m",
                "--outage",
                "30s..60s",
                "--fault",
                "/v1/models=429,retry-after=5",
                "--run-for",
                "200ms");
        assertThat(exit).isZero();
        assertThat(out.toString())
                .containsPattern("on http://127\\.0\\.0\\.1:\\d+/v1")
                .contains("sk-demo")
                .contains("60 per 1 min")
                .endsWith("stopped" + System.lineSeparator());
    }

    @Test
    @DisplayName("L10: the relay serves its answers by outcome for Prometheus while it runs, read from its record")
    void relayServesItsMetricsWhileItRuns() throws Exception {
        CompletableFuture<Integer> relay = CompletableFuture.supplyAsync(
                () -> run("relay", "--port", "0", "--metrics-port", "0", "--run-for", "5s"));
        Matcher metrics = waitFor(Pattern.compile("metrics +GET (http://127\\.0\\.0\\.1:\\d+/metrics)"));
        Matcher base = Pattern.compile("on (http://127\\.0\\.0\\.1:\\d+)/v1").matcher(out.toString());
        assertThat(base.find()).isTrue();
        HttpClient http = HttpClient.newHttpClient();

        int status = http.send(
                        HttpRequest.newBuilder(URI.create(base.group(1) + "/v1/models"))
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
        String scrape = http.send(
                        HttpRequest.newBuilder(URI.create(metrics.group(1))).build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();

        assertThat(status).as("no API key").isEqualTo(401);
        assertThat(scrape)
                .contains("stormwatch_relay_requests_total{outcome=\"unauthorized\"} 1.0")
                .contains("stormwatch_relay_requests_total{outcome=\"ok\"} 0.0");
        assertThat(relay.get(10, TimeUnit.SECONDS)).isZero();
    }

    @Test
    @DisplayName("L10 bad input: a metrics port out of range is refused in the option's words")
    void aMetricsPortOutOfRangeIsAUsageError() {
        assertThat(run("relay", "--metrics-port", "70000", "--run-for", "1ms")).isEqualTo(2);
        assertThat(err.toString())
                .contains("--metrics-port 70000: a port is a whole number from 0 to 65535")
                .doesNotContain("\tat ");
    }

    private Matcher waitFor(Pattern pattern) throws InterruptedException {
        for (int i = 0; i < 100; i++) {
            Matcher matcher = pattern.matcher(out.toString());
            if (matcher.find()) {
                return matcher;
            }
            Thread.sleep(50);
        }
        throw new AssertionError("never printed " + pattern + "; printed: " + out + err);
    }

    @Test
    void providerPrintsItsIssuerThenStops() {
        int exit = run("provider", "--access-token-ttl", "30s", "--dpop-nonce", "--run-for", "200ms");
        assertThat(exit).isZero();
        assertThat(out.toString())
                .containsPattern("issuer +http://127\\.0\\.0\\.1:\\d+")
                .contains("stormwatch-desktop")
                .contains("stopped");
    }

    @Test
    void aBadFaultIsAUsageErrorNotAStackTrace() {
        int exit = run("relay", "--fault", "/v1/models=418", "--run-for", "1ms");
        assertThat(exit).isEqualTo(2);
        assertThat(err.toString()).contains("unknown fault '418'").doesNotContain("\tat ");
    }

    @Test
    void aBadDurationOrQuotaIsAUsageError() {
        assertThat(run("provider", "--access-token-ttl", "soon", "--run-for", "1ms"))
                .isEqualTo(2);
        assertThat(run("relay", "--quota", "lots", "--run-for", "1ms")).isEqualTo(2);
        assertThat(err.toString())
                .contains("not a duration")
                .contains("N/WINDOW")
                .doesNotContain("\tat ");
    }

    @Test
    void aPortOutOfRangeIsAUsageErrorNotAStackTrace() {
        assertThat(run("relay", "--port", "99999", "--run-for", "1ms")).isEqualTo(2);
        assertThat(run("provider", "--port", "-3", "--run-for", "1ms")).isEqualTo(2);
        assertThat(err.toString())
                .contains("--port must be 0 (any free port) or 1..65535, was 99999")
                .contains("was -3")
                .doesNotContain("\tat ");
    }
}
