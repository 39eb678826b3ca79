package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Optional;
import okhttp3.Headers;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The edges of an incoming {@code Request-Timeout} (RC5): its digits, its length and its one-day bound. */
class RequestDeadlineEdgesTest {

    private static final Instant RECEIVED = Instant.parse("2026-12-02T07:00:00Z");

    private static Optional<RequestDeadline> timeout(String value) {
        return RequestDeadline.fromHeaders(Headers.of(RequestDeadline.TIMEOUT_HEADER, value), RECEIVED);
    }

    @ParameterizedTest(name = "Request-Timeout: {0} -> {1} ms")
    @CsvSource({"0, 0", "9, 9", "900, 900", "000000001000, 1000", "86400000, 86400000"})
    @DisplayName("RC5: a Request-Timeout of digits 0 to 9, up to 12 of them and up to a day, is read")
    void digitsUpToTwelveAndADayAreRead(String value, long millis) {
        assertThat(timeout(value)).contains(new RequestDeadline(RECEIVED.plusMillis(millis)));
    }

    @ParameterizedTest(name = "Request-Timeout: {0}")
    @CsvSource({"0000000001000", "86400001", "/1", "1:"})
    @DisplayName("RC5: 13 digits, a day and a millisecond, or a character just beside the digits is ignored")
    void justPastEachEdgeIsIgnored(String value) {
        assertThat(timeout(value)).isEmpty();
    }
}
