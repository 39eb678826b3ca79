package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.WaitsBesideOtherTests;
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

/**
 * {@code stormwatch provider} and {@code stormwatch relay}: they start, print where they are, serve what was planned,
 * and stop. Most of its time is the servers' {@code --run-for}.
 */
@WaitsBesideOtherTests
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

    /** Starts a server command in the background until {@code --run-for}, and returns its base URL once printed. */
    private CompletableFuture<Integer> start(Pattern printed, String... args) throws InterruptedException {
        CompletableFuture<Integer> running = CompletableFuture.supplyAsync(() -> run(args));
        waitFor(printed);
        return running;
    }

    private static HttpResponse<String> send(HttpRequest.Builder request) throws Exception {
        return HttpClient.newHttpClient().send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    @DisplayName("HD5: a relay's planned --fault, --outage and --brownout are served from its start")
    void theRelaysPlannedFaultsAndDisruptionsAreServed() throws Exception {
        Pattern base = Pattern.compile("on (http://127\\.0\\.0\\.1:\\d+)/v1");
        CompletableFuture<Integer> faulted =
                start(base, "relay", "--port", "0", "--fault", "/v1/models=429,retry-after=5", "--run-for", "2s");
        Matcher at = base.matcher(out.toString());
        assertThat(at.find()).isTrue();
        HttpResponse<String> refused = send(HttpRequest.newBuilder(URI.create(at.group(1) + "/v1/models"))
                .header("Authorization", "Bearer " + dev.stormwatch.relay.RelayConfig.DEMO_KEY));
        assertThat(refused.statusCode()).isEqualTo(429);
        assertThat(refused.headers().firstValue("Retry-After")).contains("5");
        assertThat(faulted.get(20, TimeUnit.SECONDS)).isZero();

        for (String[] disruption : new String[][] {{"--outage", "0s..1m"}, {"--brownout", "0s..1m:1"}}) {
            out.getBuffer().setLength(0);
            CompletableFuture<Integer> disrupted =
                    start(base, "relay", "--port", "0", disruption[0], disruption[1], "--run-for", "2s");
            Matcher url = base.matcher(out.toString());
            assertThat(url.find()).isTrue();
            HttpResponse<String> answer = send(HttpRequest.newBuilder(URI.create(url.group(1) + "/v1/models"))
                    .header("Authorization", "Bearer " + dev.stormwatch.relay.RelayConfig.DEMO_KEY));
            assertThat(answer.statusCode()).as(String.join(" ", disruption)).isGreaterThanOrEqualTo(500);
            assertThat(disrupted.get(20, TimeUnit.SECONDS)).isZero();
        }
    }

    @Test
    @DisplayName("HD5: a --brownout without its time range is refused naming the range it lacks")
    void aBrownoutWithoutItsRangeIsRefused() {
        assertThat(run("relay", "--brownout", ":0.3", "--run-for", "1ms")).isEqualTo(2);
        assertThat(err.toString()).contains("--brownout takes a time range FROM..TO, e.g. 30s..60s, not ''");
    }

    @Test
    @DisplayName("A provider's planned --fault is served from its start, and it says where its discovery is and how"
            + " to stop it")
    void theProvidersPlannedFaultIsServed() throws Exception {
        Pattern issuer = Pattern.compile("issuer +(http://127\\.0\\.0\\.1:\\d+)");
        CompletableFuture<Integer> provider = start(issuer, "provider", "--fault", "/token=503", "--run-for", "2s");
        Matcher at = issuer.matcher(out.toString());
        assertThat(at.find()).isTrue();

        HttpResponse<String> token = send(HttpRequest.newBuilder(URI.create(at.group(1) + "/token"))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString("grant_type=client_credentials")));

        assertThat(token.statusCode()).isEqualTo(503);
        assertThat(out.toString())
                .contains("  discovery  " + at.group(1) + "/.well-known/openid-configuration")
                .contains("Press Ctrl-C to stop.");
        assertThat(provider.get(20, TimeUnit.SECONDS)).isZero();
    }
}
