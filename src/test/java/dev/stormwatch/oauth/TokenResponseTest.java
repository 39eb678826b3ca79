package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class TokenResponseTest {

    private static final Instant NOW = Instant.parse("2026-11-30T06:00:00Z");

    // E1: a provider's absurd expires_in never escapes as a raw DateTimeException.
    @Test
    void hugeExpiresInIsReadAsOneYear() throws Exception {
        TokenSet tokens = TokenResponse.read(
                new ObjectMapper()
                        .readTree("{\"access_token\":\"AT\",\"token_type\":\"Bearer\",\"id_token\":\"IT\","
                                + "\"expires_in\":9223372036854775807}"),
                "token",
                NOW,
                false,
                Optional.empty());

        assertThat(tokens.expiresAt()).contains(NOW.plus(Duration.ofDays(365)));
    }

    @Test
    void ordinaryExpiresInIsKept() throws Exception {
        TokenSet tokens = TokenResponse.read(
                new ObjectMapper()
                        .readTree(
                                "{\"access_token\":\"AT\",\"token_type\":\"Bearer\",\"id_token\":\"IT\",\"expires_in\":300}"),
                "token",
                NOW,
                false,
                Optional.empty());

        assertThat(tokens.expiresAt()).contains(NOW.plusSeconds(300));
    }
}
