package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Secret;
import dev.stormwatch.testing.FakeClock;
import java.net.URI;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class DpopProofsTest {

    private final FakeClock clock = new FakeClock(Instant.parse("2026-01-01T10:00:00Z"));
    private final DpopProofs dpop = DpopProofs.generate(clock, new SecureRandom());

    @Test
    void aProofCarriesHtmHtuIatJtiAndIsSignedByItsOwnPublicKey() throws Exception {
        SignedJWT proof = SignedJWT.parse(dpop.proof("POST", URI.create("https://as.example.com/token?x=1#f"))
                .reveal());

        assertThat(proof.getHeader().getType().getType()).isEqualTo("dpop+jwt");
        assertThat(proof.getHeader().getAlgorithm().getName()).isEqualTo("ES256");
        assertThat(proof.getHeader().getJWK().isPrivate()).isFalse();
        assertThat(proof.verify(new ECDSAVerifier((ECKey) proof.getHeader().getJWK())))
                .isTrue();
        assertThat(proof.getJWTClaimsSet().getStringClaim("htm")).isEqualTo("POST");
        assertThat(proof.getJWTClaimsSet().getStringClaim("htu")).isEqualTo("https://as.example.com/token");
        assertThat(proof.getJWTClaimsSet().getIssueTime().toInstant()).isEqualTo(clock.instant());
        assertThat(proof.getJWTClaimsSet().getClaim("ath")).isNull();
    }

    // OP4
    @Test
    void everyProofIsFresh() throws Exception {
        URI url = URI.create("https://rs.example.com/userinfo");
        String jti1 = SignedJWT.parse(dpop.proof("GET", url).reveal())
                .getJWTClaimsSet()
                .getJWTID();
        String jti2 = SignedJWT.parse(dpop.proof("GET", url).reveal())
                .getJWTClaimsSet()
                .getJWTID();

        assertThat(jti1).isNotEqualTo(jti2);
    }

    @Test
    void resourceProofsCarryTheAccessTokenHashAndTheServerNonce() throws Exception {
        URI url = URI.create("https://rs.example.com/userinfo");
        dpop.rememberNonce(url, "server-nonce");

        SignedJWT proof = SignedJWT.parse(
                dpop.proof("GET", url, Optional.of(Secret.of("token"))).reveal());

        // RFC 9449 §4.2: ath = base64url(sha256("token"))
        assertThat(proof.getJWTClaimsSet().getStringClaim("ath"))
                .isEqualTo("PEaenWxYddN6Q_NT1PiOYfz4EsZu7jRXRlpAsNpBU-A");
        assertThat(proof.getJWTClaimsSet().getStringClaim("nonce")).isEqualTo("server-nonce");
        assertThat(dpop.nonceFor(URI.create("https://other.example.com/"))).isEmpty();
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "RFC 9449 §8: a nonce remembered from OkHttp's URL is found under the metadata's raw URI")
    void aNonceRememberedUnderOkHttpsUrlIsFoundUnderTheRawMetadataUri() throws Exception {
        URI raw = URI.create("https://AS.example:443/token");
        // What ProviderRequests remembers the nonce under: the URL OkHttp sent the request to.
        URI sent = okhttp3.HttpUrl.get(raw.toString()).uri();
        dpop.rememberNonce(sent, "n-1");

        assertThat(dpop.nonceFor(raw)).contains("n-1");
        SignedJWT proof = SignedJWT.parse(dpop.proof("POST", raw).reveal());
        assertThat(proof.getJWTClaimsSet().getStringClaim("nonce")).isEqualTo("n-1");
    }

    @Test
    void theDefaultPortAndTheCaseOfSchemeAndHostDoNotSplitAnOrigin() {
        dpop.rememberNonce(URI.create("HTTPS://as.example/par"), "n-2");

        assertThat(dpop.nonceFor(URI.create("https://as.example:443/token"))).contains("n-2");
        assertThat(dpop.nonceFor(URI.create("https://as.example:8443/token")))
                .as("another port")
                .isEmpty();
        assertThat(dpop.nonceFor(URI.create("http://as.example/token")))
                .as("another scheme")
                .isEmpty();
    }
}
