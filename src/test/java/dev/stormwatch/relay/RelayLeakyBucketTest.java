package dev.stormwatch.relay;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.io.IOException;
import java.time.Duration;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** LB9: the relay answering as nginx's limit_req (50 r/s, no burst), over real sockets, on a fake clock. */
class RelayLeakyBucketTest {

    private final FakeClock clock = FakeClock.at("2026-01-01T00:00:00Z");

    @RegisterExtension
    final RelayOnSockets sockets = new RelayOnSockets();

    private Relay relay;

    private void start() throws IOException {
        // Its own dialect must not matter: nginx speaks none.
        relay = sockets.start(RelayConfig.defaults()
                .withClock(clock)
                .withQuota(Quota.leakyBucket(50))
                .withDialect(RateLimitDialect.OPENAI));
    }

    private Response get() throws IOException {
        return sockets.client()
                .newCall(new Request.Builder()
                        .url(relay.baseUrl() + "/v1/models")
                        .header("Authorization", "Bearer sk-demo")
                        .build())
                .execute();
    }

    private int status() throws IOException {
        try (Response response = get()) {
            return response.code();
        }
    }

    @Test
    @DisplayName("LB9: one request per 20 ms at 50 r/s: refused 1 ms before, admitted on and after")
    void oneRequestPerIntervalJustBeforeOnAndAfter() throws IOException {
        start();
        assertThat(status()).isEqualTo(200);

        clock.advance(Duration.ofMillis(19));
        assertThat(status()).as("19 ms after: not yet").isEqualTo(429);
        clock.advance(Duration.ofMillis(1));
        assertThat(status()).as("20 ms after the last admitted").isEqualTo(200);
        clock.advance(Duration.ofMillis(21));
        assertThat(status()).as("21 ms after").isEqualTo(200);
    }

    @Test
    @DisplayName("LB9: no burst: of 50 requests at one instant nginx lets one through, and refusals do not count")
    void aBurstAtOneInstantLetsOneThrough() throws IOException {
        start();
        int admitted = 0;
        for (int i = 0; i < 50; i++) {
            admitted += status() == 200 ? 1 : 0;
        }
        assertThat(admitted).isEqualTo(1);

        // The 49 refusals did not push the next admission out: 20 ms after the one admitted is enough.
        clock.advance(Duration.ofMillis(20));
        assertThat(status()).isEqualTo(200);
    }

    @Test
    @DisplayName(
            "LB9: the refusal is nginx's: 429, Retry-After: 2 whatever the wait, no rate-limit headers, an HTML page")
    void theRefusalIsNginxs() throws IOException {
        start();
        status();
        try (Response refused = get()) {
            assertThat(refused.code()).isEqualTo(429);
            assertThat(refused.header("Retry-After")).isEqualTo("2");
            assertThat(refused.header("x-ratelimit-remaining-requests")).isNull();
            assertThat(refused.header("Content-Type")).startsWith("text/html");
            assertThat(refused.body().string())
                    .contains("429 Too Many Requests")
                    .contains("nginx");
        }
        assertThat(relay.log().since(0))
                .extracting(RequestRecord::outcome)
                .containsExactly(RelayOutcome.OK, RelayOutcome.QUOTA_EXCEEDED);
    }
}
