package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.time.Instant;
import okhttp3.Headers;
import okhttp3.Request;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Reading and writing the deadline headers (spec RC5). */
class RequestDeadlineTest {

    private static final Instant NOW = Instant.parse("2026-01-01T00:00:00Z");

    @Test
    @DisplayName("RC5: Request-Deadline is read as an RFC 3339 instant, with an offset or lower-case letters")
    void readsAnRfc3339Deadline() {
        assertThat(RequestDeadline.fromHeaders(Headers.of("Request-Deadline", "2026-01-01T00:00:02.5Z"), NOW))
                .contains(RequestDeadline.at(NOW.plusMillis(2500)));
        assertThat(RequestDeadline.fromHeaders(Headers.of("Request-Deadline", "2026-01-01t01:00:03+01:00"), NOW))
                .contains(RequestDeadline.at(NOW.plusSeconds(3)));
    }

    @Test
    @DisplayName("RC5: Request-Timeout is milliseconds from when the request was received")
    void readsARelativeTimeout() {
        assertThat(RequestDeadline.fromHeaders(Headers.of("Request-Timeout", "1500"), NOW))
                .contains(RequestDeadline.at(NOW.plusMillis(1500)));
    }

    @Test
    @DisplayName("RC5: with both headers, the earlier deadline binds")
    void theEarlierOfBothHeadersBinds() {
        Headers both = Headers.of("Request-Deadline", "2026-01-01T00:00:05Z", "Request-Timeout", "2000");
        assertThat(RequestDeadline.fromHeaders(both, NOW)).contains(RequestDeadline.at(NOW.plusSeconds(2)));
    }

    @ParameterizedTest(name = "Request-Timeout ''{0}''")
    @ValueSource(strings = {"", "-5", "1.5", "2s", "abc", "86400001", "9999999999999"})
    @DisplayName("RC5: a malformed Request-Timeout is ignored, never an error")
    void aMalformedTimeoutIsIgnored(String value) {
        assertThat(RequestDeadline.fromHeaders(Headers.of("Request-Timeout", value), NOW))
                .isEmpty();
    }

    @ParameterizedTest(name = "Request-Deadline ''{0}''")
    @ValueSource(strings = {"", "tomorrow", "2026-01-01", "2026-01-01T00:00:02", "Thu, 01 Jan 2026 00:00:02 GMT"})
    @DisplayName("RC5: a malformed Request-Deadline is ignored, never an error")
    void aMalformedDeadlineIsIgnored(String value) {
        assertThat(RequestDeadline.fromHeaders(Headers.of("Request-Deadline", value), NOW))
                .isEmpty();
    }

    @Test
    @DisplayName("RC5: stamping writes the instant in UTC to the millisecond and the milliseconds left")
    void stampingWritesBothHeaders() {
        Request request = new Request.Builder()
                .url("http://example.test/")
                .header("Request-Timeout", "99999")
                .build();

        Request stamped = RequestDeadline.at(NOW.plusMillis(1234)).stamp(request, NOW.plusMillis(234));

        assertThat(stamped.header("Request-Deadline")).isEqualTo("2026-01-01T00:00:01.234Z");
        assertThat(stamped.headers("Request-Timeout")).containsExactly("1000");
    }

    @Test
    @DisplayName("RC5: remaining time is zero on and after the deadline; hasPassed from its instant on")
    void remainingAndPassedAtTheBoundary() {
        RequestDeadline deadline = RequestDeadline.at(NOW);

        assertThat(deadline.remaining(NOW.minusMillis(1))).isEqualTo(Duration.ofMillis(1));
        assertThat(deadline.hasPassed(NOW.minusMillis(1))).isFalse();
        assertThat(deadline.remaining(NOW)).isZero();
        assertThat(deadline.hasPassed(NOW)).isTrue();
        assertThat(deadline.remaining(NOW.plusMillis(1))).isZero();
    }
}
