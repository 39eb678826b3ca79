package dev.stormwatch.base;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.HexFormat;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The one home of message digests: FIPS 180-2's own test vector, and the forms the callers show. */
class DigestsTest {

    @Test
    @DisplayName("TX2: SHA-256 of \"abc\" is FIPS 180-2's test vector, from text (UTF-8) and from bytes alike")
    void sha256MatchesTheStandardsVector() {
        String expected = "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad";

        assertThat(HexFormat.of().formatHex(Digests.sha256("abc"))).isEqualTo(expected);
        assertThat(HexFormat.of().formatHex(Digests.sha256(new byte[] {'a', 'b', 'c'})))
                .isEqualTo(expected);
        assertThat(Digests.sha256("é")).isEqualTo(Digests.sha256(new byte[] {(byte) 0xc3, (byte) 0xa9}));
    }

    @Test
    @DisplayName("UI20: a script's Content-Security-Policy hash source is 'sha256-' and the digest in standard base64,"
            + " quoted")
    void aScriptsHashSourceIsQuotedStandardBase64() {
        assertThat(Digests.cspScriptSource("abc")).isEqualTo("'sha256-ungWv48Bz+pBQUDeXa4iI7ADYaOWF3qctBD/YfIAFa0='");
    }

    @Test
    @DisplayName("HD1: an algorithm the JDK does not have is an IllegalStateException naming it")
    void anUnknownAlgorithmIsNamed() {
        assertThatThrownBy(() -> Digests.of("SHA-0", new byte[0]))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("SHA-0");
        assertThat(Digests.of("SHA-1", new byte[0])).hasSize(20);
    }
}
