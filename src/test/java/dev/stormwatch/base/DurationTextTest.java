package dev.stormwatch.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class DurationTextTest {

    @ParameterizedTest(name = "''{0}'' is {1}")
    @CsvSource({
        "90, PT1M30S",
        "90s, PT1M30S",
        "500ms, PT0.5S",
        "2m, PT2M",
        "1h, PT1H",
        "PT45S, PT45S",
        "' 3S ', PT3S",
        "0, PT0S",
        "'90 s', PT1M30S",
        "1500MS, PT1.5S",
        "pt1m30s, PT1M30S",
        "P1D, PT24H",
        "-90s, PT-90S",
        "PT1.5S, PT1.5S"
    })
    void readsTheFormsPeopleType(String text, Duration expected) {
        assertThat(DurationText.parse(text)).isEqualTo(expected);
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"", "soon", "1.5s", "10 days", "1d", "s", "90sec", "+5s", "5s5"})
    void anythingElseIsNotADuration(String text) {
        assertThatThrownBy(() -> DurationText.parse(text))
                .isExactlyInstanceOf(DurationText.Invalid.class)
                .hasMessage("'" + text + "' is not a duration: write " + DurationText.FORMS);
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(
            strings = {
                "99999999999999999999h",
                "9223372036854775807h",
                "99999999999999999999s",
                "9223372036854775808ms",
                "2562048h",
                "-2562048h",
                "PT99999999999999999999S",
                "PT2562048H",
                "P106752D"
            })
    void aDurationLongerThanTheMaximumIsTooLong(String text) {
        assertThatThrownBy(() -> DurationText.parse(text))
                .isInstanceOf(DurationText.TooLong.class)
                .hasMessage("'" + text + "' is too long; at most 2562047h (about 292 years) either way");
    }

    @ParameterizedTest(name = "''{0}''")
    @ValueSource(strings = {"2562047h", "-2562047h", "9223372036854ms", "PT2562047H"})
    void aDurationUpToTheMaximumIsRead(String text) {
        assertThat(DurationText.parse(text).abs()).isLessThanOrEqualTo(DurationText.MAX);
    }

    @ParameterizedTest
    @CsvSource({
        "PT10S, 10 s",
        "PT1.5S, 1.5 s",
        "PT0S, 0 s",
        "PT90S, 90 s",
        "PT1M, 1 min",
        "PT2H, 2 h",
        "PT0.002S, 0.002 s"
    })
    void wordsSayADurationAsPeopleWriteIt(String iso, String words) {
        assertThat(DurationText.words(Duration.parse(iso))).isEqualTo(words);
    }
}
