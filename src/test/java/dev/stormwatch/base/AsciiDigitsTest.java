package dev.stormwatch.base;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class AsciiDigitsTest {

    @ParameterizedTest(name = "''{0}'' is only ASCII digits: {1}")
    @CsvSource(
            value = {
                "0|true",
                "0030|true",
                "1234567890|true",
                "''|false",
                "12a|false",
                "-1|false",
                "1.5|false",
                "' 1'|false",
                "'1 '|false",
                "/|false",
                ":|false",
                "\u0661|false"
            },
            delimiter = '|')
    void acceptsAsciiDigitsOnly(String text, boolean digits) {
        assertThat(AsciiDigits.only(text)).isEqualTo(digits);
    }

    @Test
    @DisplayName("A range is read between its bounds only, and an empty range is not digits")
    void rangeIsReadBetweenItsBounds() {
        assertThat(AsciiDigits.only("a123b", 1, 4)).isTrue();
        assertThat(AsciiDigits.only("a123b", 0, 4)).isFalse();
        assertThat(AsciiDigits.only("a123b", 1, 5)).isFalse();
        assertThat(AsciiDigits.only("a123b", 2, 2)).isFalse();
    }
}
