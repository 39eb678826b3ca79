package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** Provider text never acts on a terminal. */
class PrintableTextTest {

    @ParameterizedTest(name = "U+{0} escaped: {1}")
    @CsvSource({
        "0000, true",
        "0009, true",
        "000A, true",
        "001B, true",
        "001F, true", // C0, tab and line feed included
        "0020, false",
        "007E, false",
        "007F, true", // printable ASCII, DEL
        "0080, true",
        "009B, true",
        "009F, true",
        "00A0, false", // C1 (with the 8-bit CSI), boundary
        "061C, true",
        "200D, false",
        "200E, true",
        "200F, true",
        "2010, false",
        "2029, true",
        "202A, true",
        "202E, true",
        "202F, false",
        "2065, false",
        "2066, true",
        "2069, true",
        "206A, false",
        "00E9, false"
    })
    void escapesExactlyTheCharactersThatActOrReorder(String hex, boolean escaped) {
        char c = (char) Integer.parseInt(hex, 16);

        assertThat(PrintableText.of("a" + c + "b")).isEqualTo(escaped ? "a\\u" + hex + "b" : "a" + c + "b");
    }

    @Test
    @DisplayName("an ESC sequence (OSC retitle, CSI clear screen) becomes visible plain text")
    void escSequencesBecomePlainText() {
        assertThat(PrintableText.of("denied\u001b]0;owned\u0007\u001b[2J"))
                .isEqualTo("denied\\u001B]0;owned\\u0007\\u001B[2J");
    }

    @Test
    void cleanTextIsReturnedAsIsAndNullStaysNull() {
        String clean = "invalid_grant (the refresh token expired)";
        assertThat(PrintableText.of(clean)).isSameAs(clean);
        assertThat(PrintableText.of(null)).isNull();
    }

    @Test
    @DisplayName("every typed error's message is printable, whoever built it")
    void callFailureMessagesArePrintable() {
        assertThat(new CallFailure.Protocol("token: \u001b[31mred\u202e").getMessage())
                .isEqualTo("token: \\u001B[31mred\\u202E");
        assertThat(new CallFailure.Reauthenticate("x\u009b1m").getMessage()).isEqualTo("x\\u009B1m");
    }
}
