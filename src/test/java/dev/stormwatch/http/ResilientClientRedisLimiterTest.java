package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.within;

import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.EmbeddedRedis;
import dev.stormwatch.limit.JedisPooledPort;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.RateLimiter;
import dev.stormwatch.limit.RateLimiterBuilder;
import dev.stormwatch.limit.RedisClientSettings;
import java.time.Duration;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.CompletionException;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** RC7 with the real Redis sliding-log limiter (embedded redis-server binaries), on both executors. */
class ResilientClientRedisLimiterTest {

    @Test
    @DisplayName("RC7 L3: on a real Redis limiter, a refused request is not sent and carries the retry-at")
    void aRedisRefusalSendsNothingAndCarriesTheRetryAt() throws Exception {
        try (EmbeddedRedis redis = EmbeddedRedis.start();
                JedisPooledPort port = redis.connect(RedisClientSettings.DEFAULT.withTimeout(Duration.ofSeconds(2)));
                MockWebServer server = new MockWebServer()) {
            server.enqueue(new MockResponse().setResponseCode(200));
            server.enqueue(new MockResponse().setResponseCode(200));
            server.start();
            RateLimiter limiter = RateLimiterBuilder.of(Algorithm.SLIDING_LOG, LimitSpec.of(2, Duration.ofMinutes(1)))
                    .redis(port)
                    .build();
            ResilientClient client =
                    ResilientClient.builder().limiter(limiter, "alice").build();
            Request request =
                    new Request.Builder().url(server.url("/v1/models")).build();
            for (int i = 0; i < 2; i++) {
                try (Response response = client.send(request, CallOptions.model("gpt-test"))) {
                    assertThat(response.code()).isEqualTo(200);
                }
            }

            RequestRefused.RateLimited blocking = catchThrowableOfType(
                    RequestRefused.RateLimited.class,
                    () -> client.send(request, CallOptions.model("gpt-test")).close());
            CompletionException async = catchThrowableOfType(
                    CompletionException.class,
                    () -> client.sendAsync(request, CallOptions.model("gpt-test"))
                            .join());

            assertThat(blocking).isNotNull();
            // L3: the oldest entry (taken moments ago on Redis TIME) plus the 1 min window.
            assertThat(blocking.retryAfter()).isBetween(Duration.ofSeconds(50), Duration.ofMinutes(1));
            assertThat(async.getCause())
                    .isInstanceOfSatisfying(
                            RequestRefused.RateLimited.class,
                            // Both on the caller's clock (now plus the wait), taken a moment apart.
                            refused -> assertThat(refused.retryAt())
                                    .isCloseTo(blocking.retryAt(), within(5, ChronoUnit.SECONDS)));
            assertThat(server.getRequestCount()).isEqualTo(2);
        }
    }
}
