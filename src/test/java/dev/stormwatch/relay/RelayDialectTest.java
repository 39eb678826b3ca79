package dev.stormwatch.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.HintHeaders;
import dev.stormwatch.retry.WaitHints;
import dev.stormwatch.testing.FakeClock;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import okhttp3.Headers;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/** The relay's quota in each rate-limit dialect, over real sockets, on a fake clock. */
class RelayDialectTest {

    /** 2026-01-01T00:00:00Z plus 10.25 s: the 60 s window ends 49.75 s later. */
    private final FakeClock clock = FakeClock.at("2026-01-01T00:00:10.250Z");

    @RegisterExtension
    final RelayOnSockets sockets = new RelayOnSockets();

    private Relay relay;

    /** Three requests allowed, then the 429: the headers of each, in order. */
    private List<Headers> fourRequests(RateLimitDialect dialect) throws IOException {
        relay = sockets.start(RelayConfig.defaults()
                .withClock(clock)
                .withQuota(new Quota(3, Duration.ofMinutes(1)))
                .withDialect(dialect));
        List<Headers> headers = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            try (Response response = sockets.client()
                    .newCall(new Request.Builder()
                            .url(relay.baseUrl() + "/v1/models")
                            .header("Authorization", "Bearer sk-demo")
                            .build())
                    .execute()) {
                assertThat(response.code()).isEqualTo(i < 3 ? 200 : 429);
                headers.add(response.headers());
            }
        }
        return headers;
    }

    @Test
    @DisplayName("openai: remaining counts down 2, 1, 0 with the reset as a Go duration; the 429 adds retry-after-ms")
    void openAi() throws IOException {
        List<Headers> h = fourRequests(RateLimitDialect.OPENAI);
        assertThat(h).extracting(x -> x.get("x-ratelimit-remaining-requests")).containsExactly("2", "1", "0", "0");
        assertThat(h.get(0).get("x-ratelimit-limit-requests")).isEqualTo("3");
        assertThat(h.get(0).get("x-ratelimit-reset-requests")).isEqualTo("49.75s");
        assertThat(h.get(3).get("retry-after-ms")).isEqualTo("49750");
        assertThat(h.get(3).get("Retry-After")).isEqualTo("50");
    }

    @Test
    @DisplayName("anthropic: remaining counts down with the reset as an RFC 3339 instant; the 429 adds retry-after")
    void anthropic() throws IOException {
        List<Headers> h = fourRequests(RateLimitDialect.ANTHROPIC);
        assertThat(h)
                .extracting(x -> x.get("anthropic-ratelimit-requests-remaining"))
                .containsExactly("2", "1", "0", "0");
        assertThat(h.get(2).get("anthropic-ratelimit-requests-reset")).isEqualTo("2026-01-01T00:01:00Z");
        assertThat(h.get(3).get("retry-after")).isEqualTo("50");
    }

    @Test
    @DisplayName(
            "azure: remaining without a reset; the 429 carries retry-after-ms, x-ms-retry-after-ms and Retry-After")
    void azure() throws IOException {
        List<Headers> h = fourRequests(RateLimitDialect.AZURE);
        assertThat(h).extracting(x -> x.get("x-ratelimit-remaining-requests")).containsExactly("2", "1", "0", "0");
        assertThat(h.get(0).get("x-ratelimit-reset-requests")).isNull();
        assertThat(h.get(3).get("retry-after-ms")).isEqualTo("49750");
        assertThat(h.get(3).get("x-ms-retry-after-ms")).isEqualTo("49750");
        assertThat(h.get(3).get("Retry-After")).isEqualTo("50");
    }

    @Test
    @DisplayName("github: remaining and used count, the reset is epoch seconds rounded up; the 429 has no Retry-After")
    void gitHub() throws IOException {
        List<Headers> h = fourRequests(RateLimitDialect.GITHUB);
        assertThat(h).extracting(x -> x.get("x-ratelimit-remaining")).containsExactly("2", "1", "0", "0");
        assertThat(h).extracting(x -> x.get("x-ratelimit-used")).containsExactly("1", "2", "3", "3");
        assertThat(h.get(0).get("x-ratelimit-reset"))
                .isEqualTo(Long.toString(Instant.parse("2026-01-01T00:01:00Z").getEpochSecond()));
        assertThat(h.get(0).get("x-ratelimit-resource")).isEqualTo("core");
        assertThat(h.get(3).get("Retry-After")).isNull();
    }

    @Test
    @DisplayName("ietf: RateLimit counts r down with t in whole seconds rounded up, beside RateLimit-Policy")
    void ietf() throws IOException {
        List<Headers> h = fourRequests(RateLimitDialect.IETF);
        assertThat(h)
                .extracting(x -> x.get("RateLimit"))
                .containsExactly(
                        "\"default\";r=2;t=50", "\"default\";r=1;t=50", "\"default\";r=0;t=50", "\"default\";r=0;t=50");
        assertThat(h.get(0).get("RateLimit-Policy")).isEqualTo("\"default\";q=3;w=60");
        assertThat(h.get(3).get("Retry-After")).isEqualTo("50");
    }

    @Test
    @DisplayName("plain: the relay as before: nothing before the 429, Retry-After and OpenAI's request headers on it")
    void plain() throws IOException {
        List<Headers> h = fourRequests(RateLimitDialect.PLAIN);
        assertThat(h.get(0).get("x-ratelimit-remaining-requests")).isNull();
        assertThat(h.get(3).get("Retry-After")).isEqualTo("50");
        assertThat(h.get(3).get("x-ratelimit-remaining-requests")).isEqualTo("0");
        assertThat(h.get(3).get("x-ratelimit-reset-requests")).isEqualTo("50s");
    }

    @DisplayName("RH2, RH9: the client reads each dialect's third answer as a pace and its 429 as a wait, never early")
    @ParameterizedTest(name = "{0}")
    @EnumSource(
            value = RateLimitDialect.class,
            names = {"OPENAI", "ANTHROPIC", "GITHUB", "IETF"})
    void clientNeverComesBackEarly(RateLimitDialect dialect) throws IOException {
        List<Headers> h = fourRequests(dialect);
        Duration untilReset = Duration.ofMillis(49_750);
        WaitHints.Reading third = read(200, h.get(2));
        assertThat(third.pace())
                .hasValueSatisfying(pace -> assertThat(pace)
                        .isGreaterThanOrEqualTo(untilReset)
                        .isLessThanOrEqualTo(untilReset.plusSeconds(1)));
        WaitHints.Reading refused = read(429, h.get(3));
        assertThat(refused.waitTime())
                .hasValueSatisfying(wait -> assertThat(wait).isGreaterThanOrEqualTo(untilReset));
    }

    @Test
    @DisplayName("a dialect the relay does not speak is refused with the list of those it does")
    void unknownDialect() {
        assertThatThrownBy(() -> RateLimitDialect.parse("stripe")).hasMessageContaining("plain, openai, anthropic");
    }

    @Test
    @DisplayName("OpenAI's duration form, rounded up to the millisecond")
    void goDurations() {
        assertThat(RateLimitDialect.goDuration(Duration.ofMillis(20))).isEqualTo("20ms");
        assertThat(RateLimitDialect.goDuration(Duration.ofSeconds(1))).isEqualTo("1s");
        assertThat(RateLimitDialect.goDuration(Duration.ofMinutes(6))).isEqualTo("6m0s");
        assertThat(RateLimitDialect.goDuration(Duration.ofMillis(3_723_500))).isEqualTo("1h2m3.5s");
        assertThat(RateLimitDialect.goDuration(Duration.ofNanos(1))).isEqualTo("1ms");
    }

    private WaitHints.Reading read(int status, Headers headers) {
        HintHeaders.Builder hints = HintHeaders.builder();
        for (int k = 0; k < headers.size(); k++) {
            hints.add(headers.name(k), headers.value(k));
        }
        return WaitHints.read(status, headers.values("Retry-After"), headers.get("Date"), hints.build(), clock);
    }
}
