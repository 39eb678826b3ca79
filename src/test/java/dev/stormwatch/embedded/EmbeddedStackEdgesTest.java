package dev.stormwatch.embedded;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.BackendStatusListener;
import dev.stormwatch.limit.EmbeddedRedis;
import dev.stormwatch.limit.EmbeddedRedisException;
import dev.stormwatch.limit.LimitKey;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.LimiterBackend;
import dev.stormwatch.limit.RateLimiter;
import dev.stormwatch.limit.RateLimiterBuilder;
import dev.stormwatch.limit.RedisClientSettings;
import dev.stormwatch.limit.RedisPort;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.relay.Relay;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.BindException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.time.Duration;
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
            assertThat(get(metrics).body())
                    .as("the relay's answers by outcome")
                    .contains("stormwatch_relay_requests_total{outcome=\"ok\"}");
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

    @Test
    @DisplayName("L9: when Redis stops while the stack runs, the limiter's line says since when and why it is"
            + " unreachable, and says nothing of it once Redis answers again")
    void saysWhenTheEmbeddedRedisIsLostAndWhenItIsBack() {
        try (EmbeddedStack stack = EmbeddedStack.start()) {
            EmbeddedRedis redis = stack.limiter().embedded().orElseThrow();
            String running = stack.limiterDescription();
            RateLimiter limiter = stack.limiter()
                    .limiter(RateLimiterBuilder.of(Algorithm.SLIDING_LOG, LimitSpec.of(5, Duration.ofMinutes(1)))
                            .retryInterval(Duration.ofMillis(1)));
            LimitKey key = LimitKey.of("alice", "m");

            redis.stop();
            limiter.tryAcquire(key);

            assertThat(stack.limiterDescription())
                    .startsWith(running + " (unreachable since ")
                    .contains("Z: ")
                    .endsWith(")");

            redis.restart();
            // The first probe after the 1 ms pause may still meet a pooled connection of the stopped server.
            for (int probe = 0; probe < 100 && !stack.limiterDescription().equals(running); probe++) {
                Thread.onSpinWait();
                limiter.tryAcquire(key);
            }
            assertThat(stack.limiterDescription()).isEqualTo(running);
        }
    }

    @Test
    @DisplayName("L9: when no redis-server can start, the stack still starts; its limiter runs in memory and its line"
            + " says why")
    void runsTheLimiterInMemoryWhenRedisCannotStart() {
        EmbeddedStack.Parts noRedis = new DefaultsBut() {
            @Override
            public LimiterBackend limiter(BackendStatusListener listener) {
                return LimiterBackend.embeddedOrInMemory(
                        () -> {
                            throw new EmbeddedRedisException("no redis-server binary for this machine", null);
                        },
                        RedisClientSettings.DEFAULT,
                        Clock.systemUTC(),
                        listener);
            }
        };
        try (EmbeddedStack stack = EmbeddedStack.start(noRedis)) {
            assertThat(stack.limiter().embedded()).isEmpty();
            assertThat(stack.limiterDescription())
                    .isEqualTo("in memory: the embedded Redis did not start (no redis-server binary for this machine)");
        }
    }

    @Test
    @DisplayName("When the relay cannot bind its port, the provider already started is closed again and the error says"
            + " which servers and why")
    void closesTheProviderWhenTheRelayCannotStart() {
        DefaultsBut relayRefused = new DefaultsBut() {
            @Override
            public Relay relay(DemoProvider provider) throws IOException {
                throw new BindException("Address already in use");
            }
        };

        assertThatThrownBy(() -> EmbeddedStack.start(relayRefused))
                .isInstanceOf(UncheckedIOException.class)
                .hasMessage("could not start the embedded servers on 127.0.0.1: Address already in use");
        URI discovery = relayRefused.provider.discoveryUrl();
        assertThatThrownBy(() -> get(discovery)).as("the provider was closed").isInstanceOf(IOException.class);
    }

    @Test
    @DisplayName("When the limiter cannot start at all, the provider and the relay already started are closed again")
    void closesBothServersWhenTheLimiterFails() {
        DefaultsBut limiterFails = new DefaultsBut() {
            @Override
            public LimiterBackend limiter(BackendStatusListener listener) {
                throw new UncheckedIOException(new IOException("no free port for Redis"));
            }
        };

        assertThatThrownBy(() -> EmbeddedStack.start(limiterFails)).isInstanceOf(UncheckedIOException.class);
        for (URI closed : List.of(limiterFails.provider.discoveryUrl(), limiterFails.relay.baseUrl())) {
            assertThatThrownBy(() -> get(closed)).as(closed.toString()).isInstanceOf(IOException.class);
        }
    }

    @Test
    @DisplayName("L10: closing the stack closes the relay and the provider even when the limiter fails to close, and"
            + " says why it failed")
    void closesEveryServerEvenWhenTheLimiterFailsToClose() {
        RedisPort failsToClose = new RedisPort() {
            @Override
            public Object evalsha(String sha, String key, List<String> args) {
                throw new UnsupportedOperationException("never asked in this test");
            }

            @Override
            public String scriptLoad(String script, String key) {
                throw new UnsupportedOperationException("never asked in this test");
            }

            @Override
            public String describe() {
                return "a Redis whose pool fails to close";
            }

            @Override
            public void close() {
                throw new IllegalStateException("the pool was already closed");
            }
        };
        EmbeddedStack stack = EmbeddedStack.start(new DefaultsBut() {
            @Override
            public LimiterBackend limiter(BackendStatusListener listener) {
                return LimiterBackend.on(failsToClose, listener);
            }
        });
        URI discovery = stack.provider().discoveryUrl();
        URI relay = stack.relay().baseUrl();

        assertThatThrownBy(stack::close).hasMessage("the pool was already closed");
        for (URI closed : List.of(discovery, relay)) {
            assertThatThrownBy(() -> get(closed)).as(closed.toString()).isInstanceOf(IOException.class);
        }
    }

    /** The embedded defaults, each part overridable by a test; it keeps the servers it started. */
    private static class DefaultsBut implements EmbeddedStack.Parts {
        DemoProvider provider;
        Relay relay;

        @Override
        public DemoProvider provider() throws IOException {
            provider = EmbeddedStack.Parts.DEFAULTS.provider();
            return provider;
        }

        @Override
        public Relay relay(DemoProvider started) throws IOException {
            relay = EmbeddedStack.Parts.DEFAULTS.relay(started);
            return relay;
        }

        @Override
        public LimiterBackend limiter(BackendStatusListener listener) {
            return EmbeddedStack.Parts.DEFAULTS.limiter(listener);
        }
    }
}
