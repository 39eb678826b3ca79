package dev.stormwatch.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The embedded defaults started with one call and closed together: provider, relay, Redis and the metrics. */
class EmbeddedStackEdgesTest {

    private final HttpClient http = HttpClient.newHttpClient();

    private HttpResponse<String> get(URI uri) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri).GET().build(), HttpResponse.BodyHandlers.ofString());
    }

    @Test
    @DisplayName("L10: the stack serves the provider, the relay and, once asked, the metrics on one address; the"
            + " limiter names the Redis it started; closing the stack closes every server")
    void startsServesAndClosesTogether() throws Exception {
        EmbeddedStack stack = EmbeddedStack.start();
        URI discovery;
        URI relay;
        URI metrics;
        try {
            discovery = stack.provider().discoveryUrl();
            relay = stack.relay().baseUrl();
            assertThat(stack.limiter().embedded().orElseThrow().isRunning()).isTrue();
            assertThat(stack.limiterDescription())
                    .isEqualTo(stack.limiter().embedded().orElseThrow().url()
                            + ", a password-protected redis-server started by the app: "
                            + stack.limiter().embedded().orElseThrow().binary().describe());
            metrics = stack.serveMetrics();
            assertThat(stack.serveMetrics()).as("served once").isEqualTo(metrics);
            assertThat(metrics.getHost()).isEqualTo("127.0.0.1");
            assertThat(get(metrics).statusCode()).isEqualTo(200);
            assertThat(get(discovery).statusCode()).isEqualTo(200);
        } finally {
            stack.close();
        }
        assertThat(stack.limiter().embedded().orElseThrow().isRunning())
                .as("the redis-server it started is stopped")
                .isFalse();
        for (URI closed : List.of(discovery, relay, metrics)) {
            assertThatThrownBy(() -> get(closed)).as(closed.toString()).isInstanceOf(IOException.class);
        }
    }
}
