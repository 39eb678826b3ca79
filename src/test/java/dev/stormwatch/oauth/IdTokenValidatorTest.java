package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.PlainJWT;
import dev.stormwatch.base.Secret;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.Test;

class IdTokenValidatorTest {

    private static final RSAKey KEY_1 = TestKeys.rsa("k1");
    private static final RSAKey KEY_2 = TestKeys.rsa("k2");
    private static final String ISSUER = "https://login.example.com";
    private static final Instant NOW = Instant.parse("2026-01-01T10:00:00Z");

    private final FakeClock clock = new FakeClock(NOW);
    private final AtomicReference<String> published = new AtomicReference<>(TestKeys.jwks(KEY_1));
    private final AtomicInteger fetches = new AtomicInteger();
    private final JwksCache jwks = new JwksCache(clock, JwksCache.DEFAULT_COOLDOWN);
    private final KeySource cache = jwks.source(() -> {
        fetches.incrementAndGet();
        return published.get();
    });
    private final IdTokenValidator validator = new IdTokenValidator(
            new Issuer(ISSUER), "app", List.of("RS256"), cache, clock, IdTokenValidator.DEFAULT_SKEW);
    private final Optional<Secret> nonce = Optional.of(Secret.of("n-1"));

    private JWTClaimsSet.Builder claims() {
        return new JWTClaimsSet.Builder()
                .issuer(ISSUER)
                .subject("alice")
                .audience("app")
                .expirationTime(Date.from(NOW.plusSeconds(300)))
                .issueTime(Date.from(NOW))
                .claim("nonce", "n-1");
    }

    @Test
    void aValidTokenYieldsItsClaims() {
        IdTokenClaims result = validator.validate(
                TestKeys.sign(KEY_1, claims().claim("name", "Alice").build()), nonce, Optional.empty());

        assertThat(result.subject()).isEqualTo("alice");
        assertThat(result.other()).containsEntry("name", "Alice");
        assertThat(fetches).hasValue(1);
    }

    @Test
    void aBadSignatureIsAProtocolErrorNamingTheCheck() {
        RSAKey impostor = TestKeys.rsa("k1");

        assertThatThrownBy(() -> validator.validate(TestKeys.sign(impostor, claims().build()), nonce, Optional.empty()))
                .hasMessageStartingWith("signature");
    }

    @Test
    void unsignedAndHmacTokensAreRefused() {
        Secret none = Secret.of(new PlainJWT(claims().build()).serialize());
        Secret hmac = TestKeys.signHmac(new byte[32], claims().build());

        assertThatThrownBy(() -> validator.validate(none, nonce, Optional.empty()))
                .hasMessageContaining("alg none");
        assertThatThrownBy(() -> validator.validate(hmac, nonce, Optional.empty()))
                .hasMessageContaining("HMAC");
    }

    @Test
    void anAlgorithmTheProviderDoesNotAdvertiseIsRefused() {
        IdTokenValidator esOnly = new IdTokenValidator(
                new Issuer(ISSUER), "app", List.of("ES256"), cache, clock, IdTokenValidator.DEFAULT_SKEW);

        assertThatThrownBy(() -> esOnly.validate(TestKeys.sign(KEY_1, claims().build()), nonce, Optional.empty()))
                .hasMessageContaining("does not advertise");
    }

    @Test
    void wrongIssuerAudienceAndNonceAreEachNamed() {
        assertThatThrownBy(() -> validator.validate(
                        TestKeys.sign(KEY_1, claims().issuer("https://evil").build()), nonce, Optional.empty()))
                .hasMessageStartingWith("iss");
        assertThatThrownBy(() -> validator.validate(
                        TestKeys.sign(KEY_1, claims().audience("other").build()), nonce, Optional.empty()))
                .hasMessageStartingWith("aud");
        assertThatThrownBy(() -> validator.validate(
                        TestKeys.sign(KEY_1, claims().claim("nonce", "n-2").build()), nonce, Optional.empty()))
                .hasMessageStartingWith("nonce");
        assertThatThrownBy(() -> validator.validate(
                        TestKeys.sign(KEY_1, claims().claim("nonce", null).build()), nonce, Optional.empty()))
                .hasMessageStartingWith("nonce");
    }

    @Test
    void severalAudiencesNeedAnAzpNamingUs() {
        JWTClaimsSet.Builder twoAudiences = claims().audience(List.of("app", "api"));

        assertThatThrownBy(
                        () -> validator.validate(TestKeys.sign(KEY_1, twoAudiences.build()), nonce, Optional.empty()))
                .hasMessageStartingWith("azp");
        assertThatThrownBy(() -> validator.validate(
                        TestKeys.sign(KEY_1, twoAudiences.claim("azp", "api").build()), nonce, Optional.empty()))
                .hasMessageStartingWith("azp");
        assertThat(validator
                        .validate(
                                TestKeys.sign(
                                        KEY_1, twoAudiences.claim("azp", "app").build()),
                                nonce,
                                Optional.empty())
                        .audience())
                .containsExactly("app", "api");
    }

    @Test
    void expiryIsCheckedWithTheSkewOneSecondBeforeOnAndAfter() {
        Secret token = TestKeys.sign(
                KEY_1, claims().expirationTime(Date.from(NOW.minusSeconds(60))).build());

        clock.set(NOW.minusSeconds(1));
        assertThat(validator.validate(token, nonce, Optional.empty()).subject()).isEqualTo("alice");
        clock.set(NOW);
        assertThatThrownBy(() -> validator.validate(token, nonce, Optional.empty()))
                .hasMessageStartingWith("exp");
        clock.set(NOW.plusSeconds(1));
        assertThatThrownBy(() -> validator.validate(token, nonce, Optional.empty()))
                .hasMessageStartingWith("exp");
    }

    @Test
    void issuedAtInTheFutureBeyondTheSkewIsRefused() {
        Secret token = TestKeys.sign(
                KEY_1, claims().issueTime(Date.from(NOW.plusSeconds(61))).build());
        Secret onTheEdge = TestKeys.sign(
                KEY_1, claims().issueTime(Date.from(NOW.plusSeconds(60))).build());

        assertThatThrownBy(() -> validator.validate(token, nonce, Optional.empty()))
                .hasMessageStartingWith("iat");
        assertThat(validator.validate(onTheEdge, nonce, Optional.empty()).subject())
                .isEqualTo("alice");
    }

    @Test
    void atHashIsCheckedWhenPresent() {
        Secret access = Secret.of("access-token-1");
        String hash = IdTokenValidator.accessTokenHash(JWSAlgorithm.RS256, access);
        Secret token = TestKeys.sign(KEY_1, claims().claim("at_hash", hash).build());

        assertThat(validator.validate(token, nonce, Optional.of(access)).subject())
                .isEqualTo("alice");
        assertThatThrownBy(() -> validator.validate(token, nonce, Optional.of(Secret.of("other"))))
                .hasMessageStartingWith("at_hash");
    }

    // OP3
    @Test
    void anUnknownKidCausesOneRefetchSoARotatedKeyIsAccepted() {
        validator.validate(TestKeys.sign(KEY_1, claims().build()), nonce, Optional.empty());
        published.set(TestKeys.jwks(KEY_1, KEY_2));

        assertThat(validator
                        .validate(TestKeys.sign(KEY_2, claims().build()), nonce, Optional.empty())
                        .subject())
                .isEqualTo("alice");
        assertThat(fetches).hasValue(2);
    }

    // OP3
    @Test
    void aFloodOfUnknownKidsCostsAtMostOneFetchPerMinute() {
        RSAKey stranger = TestKeys.rsa("unknown");
        validator.validate(TestKeys.sign(KEY_1, claims().build()), nonce, Optional.empty());
        clock.advance(Duration.ofMinutes(1));

        for (int i = 0; i < 20; i++) {
            assertThatThrownBy(() ->
                            validator.validate(TestKeys.sign(stranger, claims().build()), nonce, Optional.empty()))
                    .hasMessageStartingWith("signature");
        }
        assertThat(fetches).hasValue(2);
        clock.advance(Duration.ofSeconds(59));
        assertThatThrownBy(
                () -> validator.validate(TestKeys.sign(stranger, claims().build()), nonce, Optional.empty()));
        assertThat(fetches).hasValue(2);
        clock.advance(Duration.ofSeconds(1));
        assertThatThrownBy(
                () -> validator.validate(TestKeys.sign(stranger, claims().build()), nonce, Optional.empty()));
        assertThat(fetches).hasValue(3);
    }

    @Test
    void aKeySetWithNoUsableKeyIsAClearError() {
        published.set("{\"keys\":[{\"kty\":\"oct\",\"k\":\"AAAA\",\"kid\":\"k1\"}]}");

        assertThatThrownBy(() -> validator.validate(TestKeys.sign(KEY_1, claims().build()), nonce, Optional.empty()))
                .hasMessageContaining("no usable key");
    }

    @Test
    void aKeySetThatIsNotJsonIsAClearError() {
        published.set("<html>oops</html>");

        assertThatThrownBy(() -> validator.validate(TestKeys.sign(KEY_1, claims().build()), nonce, Optional.empty()))
                .hasMessageStartingWith("jwks");
    }

    // nbf: RFC 7519 §4.1.5, checked with the same skew as exp and iat.

    @Test
    void oidcCore2_nbfIsCheckedWithTheSkewOneSecondBeforeOnAndAfter() {
        // Valid from NOW + 60 s: with the 60 s skew, usable from NOW on.
        Secret token = TestKeys.sign(
                KEY_1, claims().notBeforeTime(Date.from(NOW.plusSeconds(60))).build());

        clock.set(NOW.minusSeconds(1));
        assertThatThrownBy(() -> validator.validate(token, nonce, Optional.empty()))
                .hasMessageStartingWith("nbf");
        clock.set(NOW);
        assertThat(validator.validate(token, nonce, Optional.empty()).subject()).isEqualTo("alice");
        clock.set(NOW.plusSeconds(1));
        assertThat(validator.validate(token, nonce, Optional.empty()).subject()).isEqualTo("alice");
    }

    // OIDC Core §12.2: an ID token from a refresh speaks of the same authentication as the original.

    private static final Instant AUTH_TIME = NOW.minusSeconds(3600);

    /** The original sign-in's claims as the session store gives them back (times as text). */
    private static IdTokenClaims original(String issuer, Optional<String> nonce) {
        return new IdTokenClaims(
                issuer,
                "alice",
                List.of("app"),
                NOW.minusSeconds(3000),
                AUTH_TIME,
                nonce,
                java.util.Map.of("auth_time", AUTH_TIME.toString()));
    }

    private JWTClaimsSet.Builder refreshedClaims() {
        return new JWTClaimsSet.Builder()
                .issuer(ISSUER)
                .subject("alice")
                .audience("app")
                .expirationTime(Date.from(NOW.plusSeconds(300)))
                .issueTime(Date.from(NOW))
                .claim("auth_time", AUTH_TIME.getEpochSecond());
    }

    @Test
    void oidcCore12_2_aRefreshedTokenOfTheSameSignInIsAccepted() {
        IdTokenClaims refreshed = validator.validateRefreshed(
                TestKeys.sign(KEY_1, refreshedClaims().build()),
                original(ISSUER, Optional.of("n-1")),
                Optional.empty());

        assertThat(refreshed.subject()).isEqualTo("alice");
        assertThat(validator
                        .validateRefreshed(
                                TestKeys.sign(
                                        KEY_1,
                                        refreshedClaims().claim("nonce", "n-1").build()),
                                original(ISSUER, Optional.of("n-1")),
                                Optional.empty())
                        .nonce())
                .contains("n-1");
    }

    @Test
    void oidcCore12_2_aRefreshedTokenFromAnotherIssuerThanTheOriginalIsRefused() {
        assertThatThrownBy(() -> validator.validateRefreshed(
                        TestKeys.sign(KEY_1, refreshedClaims().build()),
                        original("https://old-login.example.com", Optional.empty()),
                        Optional.empty()))
                .hasMessageStartingWith("iss")
                .hasMessageContaining("the original by 'https://old-login.example.com'");
    }

    @Test
    void oidcCore12_2_aRefreshedTokenAboutAnotherSubjectIsRefused() {
        assertThatThrownBy(() -> validator.validateRefreshed(
                        TestKeys.sign(
                                KEY_1, refreshedClaims().subject("mallory").build()),
                        original(ISSUER, Optional.empty()),
                        Optional.empty()))
                .hasMessageStartingWith("sub");
    }

    @Test
    void oidcCore12_2_aRefreshedTokenForOtherAudiencesIsRefused() {
        Secret token = TestKeys.sign(
                KEY_1,
                refreshedClaims()
                        .audience(List.of("app", "api"))
                        .claim("azp", "app")
                        .build());

        assertThatThrownBy(
                        () -> validator.validateRefreshed(token, original(ISSUER, Optional.empty()), Optional.empty()))
                .hasMessageStartingWith("aud");
    }

    @Test
    void oidcCore12_2_aRefreshedTokenWithAnotherAuthTimeIsRefused() {
        Secret token = TestKeys.sign(
                KEY_1,
                refreshedClaims().claim("auth_time", NOW.getEpochSecond()).build());

        assertThatThrownBy(
                        () -> validator.validateRefreshed(token, original(ISSUER, Optional.empty()), Optional.empty()))
                .hasMessageStartingWith("auth_time");
    }

    @Test
    void oidcCore12_2_aRefreshedTokenWithAnotherNonceIsRefused() {
        Secret other =
                TestKeys.sign(KEY_1, refreshedClaims().claim("nonce", "n-2").build());

        assertThatThrownBy(() ->
                        validator.validateRefreshed(other, original(ISSUER, Optional.of("n-1")), Optional.empty()))
                .hasMessageStartingWith("nonce");
        assertThatThrownBy(
                        () -> validator.validateRefreshed(other, original(ISSUER, Optional.empty()), Optional.empty()))
                .as("a nonce where the original had none")
                .hasMessageStartingWith("nonce");
    }
}
