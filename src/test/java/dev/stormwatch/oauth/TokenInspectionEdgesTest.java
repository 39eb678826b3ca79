package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Secret;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Date;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.stream.Collectors;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * What each of the inspector's checks says it saw (SX4), beside the results {@link TokenInspectionTest} proves: the
 * words a person reads in the checks table, and the text a token file holds (SX6).
 */
class TokenInspectionEdgesTest {

    private static final Instant NOW = TokenInspectionTest.NOW;
    private static final Duration SKEW = TokenInspectionTest.SKEW;
    private static final RSAKey KEY = TokenInspectionTest.KEY;
    private static final TokenInspection.Expected EXPECTED = TokenInspectionTest.EXPECTED;

    private static JWTClaimsSet.Builder claims() {
        return TokenInspectionTest.claims();
    }

    private static TokenInspection.Keys pasted(JWK... keys) {
        return new TokenInspection.Keys(List.of(keys), "the pasted JWKS", List.of());
    }

    private static Map<String, String> details(
            Secret token, Optional<TokenInspection.Keys> keys, TokenInspection.Expected expected) {
        return TokenInspection.inspect(token, keys, expected, new FakeClock(NOW), SKEW).checks().stream()
                .collect(Collectors.toMap(TokenInspection.Check::name, TokenInspection.Check::detail));
    }

    private static Map<String, TokenInspection.Result> results(
            Secret token, Optional<TokenInspection.Keys> keys, TokenInspection.Expected expected) {
        return TokenInspection.inspect(token, keys, expected, new FakeClock(NOW), SKEW).checks().stream()
                .collect(Collectors.toMap(TokenInspection.Check::name, TokenInspection.Check::result));
    }

    @Test
    @DisplayName("SX4: without a key set the kid and alg are shown as seen, and the signature asks for keys")
    void withoutKeysTheHeaderIsShownUnchecked() {
        Map<String, String> said =
                details(TestKeys.sign(KEY, claims().build()), Optional.empty(), TokenInspection.Expected.NOTHING);

        assertThat(said)
                .containsEntry("kid", "kid k1")
                .containsEntry("alg", "RS256")
                .containsEntry("signature", "no key set: give an issuer or a JWKS");
        assertThat(details(
                        TestKeys.signHmac(new byte[32], claims().build()),
                        Optional.empty(),
                        TokenInspection.Expected.NOTHING))
                .containsEntry("kid", "no kid")
                .containsEntry("alg", "HS256");
    }

    @Test
    @DisplayName("SX4: the kid check names the kid it found or missed, and the key set it looked in")
    void theKidCheckSaysWhatItLookedFor() {
        Secret token = TestKeys.sign(KEY, claims().build());

        assertThat(details(token, Optional.of(pasted(KEY)), EXPECTED)).containsEntry("kid", "kid k1 is in the key set");
        assertThat(details(token, Optional.of(pasted(TestKeys.rsa("k2"))), EXPECTED))
                .containsEntry("kid", "no key with kid k1 in the pasted JWKS");
    }

    @Test
    @DisplayName("SX4: a failed signature says why in the token's words, not the ID token's, and names the key set")
    void aFailedSignatureSpeaksOfTheToken() {
        Secret token = TestKeys.sign(KEY, claims().build());

        String impostor = details(token, Optional.of(pasted(TestKeys.rsa("k1"))), EXPECTED)
                .get("signature");
        String hmac = details(TestKeys.signHmac(new byte[32], claims().build()), Optional.of(pasted(KEY)), EXPECTED)
                .get("alg");

        assertThat(impostor).isEqualTo("the token's signature is not valid (keys from the pasted JWKS)");
        assertThat(hmac).isEqualTo("the token is signed with HS256 (HMAC), refused for a public client");
    }

    @Test
    @DisplayName(
            "SX4: an EC key is named by its curve, a key without kid as such, and the issuer's algorithms are said")
    void anEcKeyAndTheAdvertisedAlgorithmsAreNamed() throws JOSEException {
        ECKey ec = new ECKeyGenerator(Curve.P_256).generate();
        SignedJWT jwt = new SignedJWT(new JWSHeader(JWSAlgorithm.ES256), claims().build());
        jwt.sign(new ECDSASigner(ec));
        TokenInspection.Keys fetched = new TokenInspection.Keys(
                List.of(ec.toPublicJWK()), "the JWKS at https://login.example.com/jwks", List.of("ES256", "RS256"));

        Map<String, String> said = details(Secret.of(jwt.serialize()), Optional.of(fetched), EXPECTED);

        assertThat(said)
                .containsEntry(
                        "signature",
                        "verified with the EC P-256 key without kid from the JWKS at https://login.example.com/jwks")
                .containsEntry("kid", "no kid: every key of the set was tried")
                .containsEntry("alg", "ES256, advertised by the issuer [ES256, RS256]");
        assertThat(details(TestKeys.sign(KEY, claims().build()), Optional.of(pasted(KEY)), EXPECTED))
                .containsEntry("alg", "RS256");
    }

    @Test
    @DisplayName("SX4: a token without iss or aud says absent, with or without an expectation, and shows what it holds")
    void absentClaimsAreSaidAbsent() {
        Secret bare =
                TestKeys.sign(KEY, claims().issuer(null).audience((String) null).build());
        Secret full = TestKeys.sign(KEY, claims().build());

        assertThat(details(bare, Optional.of(pasted(KEY)), TokenInspection.Expected.NOTHING))
                .containsEntry("iss", "absent")
                .containsEntry("aud", "absent");
        assertThat(details(full, Optional.of(pasted(KEY)), TokenInspection.Expected.NOTHING))
                .containsEntry("iss", "https://login.example.com (no issuer expected)")
                .containsEntry("aud", "[my-app] (no audience expected)");
        assertThat(details(bare, Optional.of(pasted(KEY)), EXPECTED))
                .containsEntry("iss", "absent, expected https://login.example.com")
                .containsEntry("aud", "absent, expected my-app");
        assertThat(results(bare, Optional.of(pasted(KEY)), EXPECTED))
                .containsEntry("iss", TokenInspection.Result.FAILED)
                .containsEntry("aud", TokenInspection.Result.FAILED);
        assertThat(details(full, Optional.of(pasted(KEY)), EXPECTED))
                .containsEntry("iss", "https://login.example.com")
                .containsEntry("aud", "[my-app]");
    }

    @Test
    @DisplayName("SX4: exp, nbf and iat say the instant they checked, and how long the token still has")
    void timesAreSaidWithTheirInstants() {
        Secret token = TestKeys.sign(
                KEY, claims().notBeforeTime(Date.from(NOW.minusSeconds(5))).build());
        Secret noTimes =
                TestKeys.sign(KEY, claims().expirationTime(null).issueTime(null).build());

        assertThat(details(token, Optional.of(pasted(KEY)), EXPECTED))
                .containsEntry("exp", "expires 2026-12-01T12:05:00Z, in 300 s")
                .containsEntry("nbf", "valid since 2026-12-01T11:59:55Z")
                .containsEntry("iat", "issued at 2026-12-01T11:59:50Z");
        assertThat(details(noTimes, Optional.of(pasted(KEY)), EXPECTED))
                .containsEntry("exp", "absent: the token never expires")
                .containsEntry("nbf", "absent")
                .containsEntry("iat", "absent");
        assertThat(results(noTimes, Optional.of(pasted(KEY)), EXPECTED))
                .containsEntry("exp", TokenInspection.Result.FAILED)
                .containsEntry("nbf", TokenInspection.Result.PASSED)
                .containsEntry("iat", TokenInspection.Result.NOT_CHECKED);
    }

    @Test
    @DisplayName("SX5: text with the wrong number of parts is told how many it has; five parts are read as a JWE")
    void thePartsAreCounted() {
        assertThatThrownBy(() -> TokenInspection.inspect(
                        Secret.of("abc.def"),
                        Optional.empty(),
                        TokenInspection.Expected.NOTHING,
                        new FakeClock(NOW),
                        SKEW))
                .hasMessage("is not a JWT: a JWT is three base64url parts separated by dots, this has 2 part(s)");
        assertThatThrownBy(() -> TokenInspection.inspect(
                        Secret.of("a.b.c.d"),
                        Optional.empty(),
                        TokenInspection.Expected.NOTHING,
                        new FakeClock(NOW),
                        SKEW))
                .hasMessageEndingWith("this has 4 part(s)");
        // {"alg":"dir","enc":"A128GCM"} and four more parts: a compact JWE, whose claims are sealed.
        String jwe = "eyJhbGciOiJkaXIiLCJlbmMiOiJBMTI4R0NNIn0..AAAAAAAAAAAAAAAA.AAAA.AAAAAAAAAAAAAAAAAAAAAA";
        assertThatThrownBy(() -> TokenInspection.inspect(
                        Secret.of(jwe), Optional.empty(), TokenInspection.Expected.NOTHING, new FakeClock(NOW), SKEW))
                .hasMessageStartingWith("is an encrypted JWT (JWE)");
    }

    @Test
    @DisplayName(
            "SX5: a public key meant for encryption, or neither RSA nor EC, is not used; a set of only such keys is"
                    + " refused")
    void anEncryptionKeyIsNotUsable() throws JOSEException {
        RSAKey encryption = new RSAKey.Builder(TestKeys.rsa("enc").toRSAPublicKey())
                .keyUse(KeyUse.ENCRYPTION)
                .keyID("enc")
                .build();
        RSAKey signing = new RSAKey.Builder(KEY.toRSAPublicKey())
                .keyUse(KeyUse.SIGNATURE)
                .keyID("k1")
                .build();

        // RFC 8037 §A.2's public Ed25519 key: a public signing key, but neither RSA nor EC.
        String ed25519 = "{\"kty\":\"OKP\",\"crv\":\"Ed25519\",\"x\":\"11qYAYKxCrfVS_7TyWQHOg7hcvPapiMlrwIaaPcHURo\"}";
        assertThatThrownBy(() -> TokenInspection.Keys.parse("{\"keys\":[" + ed25519 + "]}", "the pasted JWKS"))
                .hasMessage("has no usable key: it holds 1 key(s), none a public RSA or EC signing key");
        assertThatThrownBy(() ->
                        TokenInspection.Keys.parse("{\"keys\":[" + encryption.toJSONString() + "]}", "the pasted JWKS"))
                .hasMessage("has no usable key: it holds 1 key(s), none a public RSA or EC signing key");
        assertThat(TokenInspection.Keys.parse(
                                "{\"keys\":[" + encryption.toJSONString() + "," + signing.toJSONString() + "]}",
                                "the pasted JWKS")
                        .keys())
                .extracting(JWK::getKeyID)
                .containsExactly("k1");
    }

    @Test
    @DisplayName("SX6: a token file's text is its first non-blank line, stripped of spaces and the newline echo adds")
    void aTokenFileHoldsItsFirstLine() {
        assertThat(TokenInspection.tokenText("eyJ.a.b\n").reveal()).isEqualTo("eyJ.a.b");
        assertThat(TokenInspection.tokenText("\n\n  eyJ.a.b  \r\nsecond line\n").reveal())
                .isEqualTo("eyJ.a.b");
        assertThat(TokenInspection.tokenText("  eyJ.a.b").reveal()).isEqualTo("eyJ.a.b");
        assertThat(TokenInspection.tokenText("x\ny").reveal()).isEqualTo("x");
    }
}
