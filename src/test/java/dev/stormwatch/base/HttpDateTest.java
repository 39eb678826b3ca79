package dev.stormwatch.base;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class HttpDateTest {

    private static final Instant NOW = Instant.parse("2026-01-01T10:00:00Z");
    private static final Instant EXAMPLE = Instant.parse("1994-11-06T08:49:37Z");

    // RFC 9110 §5.6.7: a recipient must accept all three forms
    @ParameterizedTest
    @ValueSource(strings = {"Sun, 06 Nov 1994 08:49:37 GMT", "Sunday, 06-Nov-94 08:49:37 GMT", "Sun Nov  6 08:49:37 1994"})
    void readsEveryForm(String text) {
        assertThat(HttpDate.parse(text, NOW)).contains(EXAMPLE);
    }

    @ParameterizedTest
    @ValueSource(strings = {"", "120", "sun, 06 Nov 1994 08:49:37 GMT", "Sun, 31 Nov 1994 08:49:37 GMT",
        "Sun, 06 Nov 1994 24:00:00 GMT", "Sun, 06 Nov 1994 08:49:37 UTC", "2026-01-01T10:00:00Z"})
    void refusesWhatIsNotAnHttpDate(String text) {
        assertThat(HttpDate.parse(text, NOW)).isEmpty();
    }

    // RFC 9110 §5.6.7: a sender writes IMF-fixdate
    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
        "1994-11-06T08:49:37Z     | Sun, 06 Nov 1994 08:49:37 GMT",
        "2026-01-01T10:00:00.999Z | Thu, 01 Jan 2026 10:00:00 GMT",
    })
    void writesImfFixdate(String instant, String text) {
        assertThat(HttpDate.format(Instant.parse(instant))).isEqualTo(text);
    }

    @ParameterizedTest
    @ValueSource(strings = {"1970-01-01T00:00:00Z", "2000-02-29T23:59:59Z", "2026-12-31T12:34:56Z"})
    void readsWhatItWrites(String instant) {
        Instant at = Instant.parse(instant);
        assertThat(HttpDate.parse(HttpDate.format(at), NOW)).contains(at);
    }
}
