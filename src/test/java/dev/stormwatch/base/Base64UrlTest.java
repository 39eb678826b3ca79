package dev.stormwatch.base;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class Base64UrlTest {

    // RFC 7636 Appendix B: the client's challenge and the provider's check compute the same S256
    @Test
    void s256OfTheRfc7636AppendixBVerifierIsItsChallenge() {
        assertThat(Base64Url.sha256("dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk"))
                .isEqualTo("E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM");
    }

    // RFC 7515 §2: the URL-safe alphabet, and no padding
    @Test
    void encodesWithTheUrlAlphabetAndNoPadding() {
        assertThat(Base64Url.encode(new byte[] {(byte) 0xfb, (byte) 0xff})).isEqualTo("-_8");
        assertThat(Base64Url.encode(new byte[] {1})).isEqualTo("AQ");
    }

    @Test
    void aRandomValueHasTheLengthOfItsOctets() {
        assertThat(Base64Url.random(new java.security.SecureRandom(), 32))
                .hasSize(43)
                .matches("[A-Za-z0-9_-]+");
    }
}
