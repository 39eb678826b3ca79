package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jwt.SignedJWT;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Arrays;
import java.util.Base64;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The tokens the provider mints, checked against the specifications' own arithmetic rather than the mint's. */
class TokenMintEdgesTest {

    private final SigningKeys keys = new SigningKeys();
    private final TokenMint mint = new TokenMint("http://127.0.0.1:9", keys, new SecureRandom());

    @Test
    @DisplayName("OIDC Core §3.1.3.6: at_hash is base64url of the left 128 bits of the access token's SHA-256")
    void atHashIsTheLeftHalfOfTheDigest() throws Exception {
        byte[] digest = MessageDigest.getInstance("SHA-256").digest("token".getBytes(StandardCharsets.US_ASCII));

        assertThat(TokenMint.atHash("token"))
                .hasSize(22)
                .isEqualTo(Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, 16)));
    }

    @Test
    @DisplayName("OP4: an access token is an at+jwt (RFC 9068) for the relay, signed RS256 by the current key, with"
            + " the client, the scope and, when DPoP-bound, cnf.jkt")
    void anAccessTokenCarriesItsClaims() throws Exception {
        Instant now = Instant.parse("2026-01-01T00:00:00Z");
        Grant grant = new Grant("f1", "app", DemoUser.bob(), "openid email", now, Optional.of("thumb"));

        SignedJWT token = SignedJWT.parse(mint.accessToken(grant, grant.jkt(), now, now.plusSeconds(300)));

        assertThat(token.getHeader().getType()).isEqualTo(new JOSEObjectType("at+jwt"));
        assertThat(token.getHeader().getKeyID()).isEqualTo(keys.currentKeyId(ProviderConfig.SigningAlgorithm.RS256));
        assertThat(token.getJWTClaimsSet().getAudience()).containsExactly(TokenMint.ACCESS_TOKEN_AUDIENCE);
        assertThat(token.getJWTClaimsSet().getSubject()).isEqualTo("bob");
        assertThat(token.getJWTClaimsSet().getStringClaim("client_id")).isEqualTo("app");
        assertThat(token.getJWTClaimsSet().getStringClaim("scope")).isEqualTo("openid email");
        assertThat(token.getJWTClaimsSet().getJSONObjectClaim("cnf")).isEqualTo(Map.of("jkt", "thumb"));
        assertThat(token.getJWTClaimsSet().getExpirationTime().toInstant()).isEqualTo(now.plusSeconds(300));
        assertThat(mint.opaque()).hasSize(43).isNotEqualTo(mint.opaque());
    }
}
