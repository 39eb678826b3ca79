package dev.stormwatch.load.options;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationTextTest {

    @ParameterizedTest(name = "''{0}'' is {1}")
    @CsvSource({"90, PT1M30S", "90s, PT1M30S", "500ms, PT0.5S", "2m, PT2M", "1h, PT1H", "PT45S, PT45S", "' 3S ', PT3S", "0, PT0S"})
    void readsTheFormsPeopleType(String text, Duration expected) {
        assertThat(DurationText.parse(text)).contains(expected);
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"", "soon", "1.5s", "10 days", "99999999999999999999h", "9223372036854775807h"})
    void anythingElseIsNotADuration(String text) {
        assertThat(DurationText.parse(text)).isEmpty();
    }
}
