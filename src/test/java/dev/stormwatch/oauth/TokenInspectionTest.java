package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.base.Secret;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
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

/** The token inspector's checks, each with its result (SX4), and its refusals of bad input (SX5). */
class TokenInspectionTest {

    static final Instant NOW = Instant.parse("2026-12-01T12:00:00Z");
    static final Duration SKEW = Duration.ofSeconds(60);
    static final RSAKey KEY = TestKeys.rsa("k1");
    static final TokenInspection.Expected EXPECTED =
            new TokenInspection.Expected(Optional.of("https://login.example.com"), Optional.of("my-app"));

    /** A good token's claims for issuer login.example.com and audience my-app, issued 10 s before NOW. */
    static JWTClaimsSet.Builder claims() {
        return new JWTClaimsSet.Builder()
                .issuer("https://login.example.com")
                .subject("alice")
                .audience("my-app")
                .issueTime(Date.from(NOW.minusSeconds(10)))
                .expirationTime(Date.from(NOW.plusSeconds(300)));
    }

    private static TokenInspection.Keys pasted(RSAKey... keys) {
        return TokenInspection.Keys.parse(TestKeys.jwks(keys), "the pasted JWKS");
    }

    private static Map<String, TokenInspection.Result> results(TokenInspection inspection) {
        return inspection.checks().stream()
                .collect(Collectors.toMap(TokenInspection.Check::name, TokenInspection.Check::result));
    }

    private static TokenInspection inspect(Secret token, TokenInspection.Keys keys, Instant at) {
        return TokenInspection.inspect(token, Optional.of(keys), EXPECTED, new FakeClock(at), SKEW);
    }

    @Test
    @DisplayName("SX4: a good token passes all eight checks, in order, and the signature names its key's provenance")
    void aGoodTokenPassesEveryCheck() {
        TokenInspection inspection = inspect(TestKeys.sign(KEY, claims().build()), pasted(KEY), NOW);

        assertThat(inspection.checks())
                .extracting(TokenInspection.Check::name)
                .containsExactly("signature", "kid", "alg", "iss", "aud", "exp", "nbf", "iat");
        assertThat(inspection.checks())
                .allSatisfy(c -> assertThat(c.result()).isEqualTo(TokenInspection.Result.PASSED));
        assertThat(inspection.checks().get(0).detail())
                .contains("RSA 2048 bit key kid k1")
                .contains("the pasted JWKS");
        assertThat(inspection.valid()).isTrue();
        assertThat(inspection.claims()).contains("\"sub\" : \"alice\"");
        assertThat(inspection.header()).contains("RS256").contains("k1");
    }

    @Test
    @DisplayName("SX4: another key under the same kid fails the signature but not the kid; an unknown kid fails both")
    void wrongKeysFailTheSignature() {
        Secret token = TestKeys.sign(KEY, claims().build());
        RSAKey impostor = TestKeys.rsa("k1");
        RSAKey other = TestKeys.rsa("k2");

        Map<String, TokenInspection.Result> sameKid = results(inspect(token, pasted(impostor), NOW));
        Map<String, TokenInspection.Result> unknownKid = results(inspect(token, pasted(other), NOW));

        assertThat(sameKid)
                .containsEntry("signature", TokenInspection.Result.FAILED)
                .containsEntry("kid", TokenInspection.Result.PASSED);
        assertThat(unknownKid)
                .containsEntry("signature", TokenInspection.Result.FAILED)
                .containsEntry("kid", TokenInspection.Result.FAILED);
    }

    @Test
    @DisplayName("SX4: exp passes until exp + skew and fails on it; nbf and iat beyond the skew fail")
    void timesAreCheckedWithTheValidatorsSkew() {
        Instant exp = NOW.plusSeconds(300);
        Secret token = TestKeys.sign(
                KEY, claims().notBeforeTime(Date.from(NOW.plusSeconds(30))).build());
        Secret future = TestKeys.sign(
                KEY,
                claims().notBeforeTime(Date.from(NOW.plusSeconds(61)))
                        .issueTime(Date.from(NOW.plusSeconds(61)))
                        .build());

        assertThat(results(inspect(token, pasted(KEY), exp.plus(SKEW).minusMillis(1))))
                .containsEntry("exp", TokenInspection.Result.PASSED)
                .containsEntry("nbf", TokenInspection.Result.PASSED);
        assertThat(results(inspect(token, pasted(KEY), exp.plus(SKEW))))
                .containsEntry("exp", TokenInspection.Result.FAILED);
        assertThat(results(inspect(future, pasted(KEY), NOW)))
                .containsEntry("nbf", TokenInspection.Result.FAILED)
                .containsEntry("iat", TokenInspection.Result.FAILED);
    }

    @Test
    @DisplayName("SX4: iss and aud fail when they differ from what was expected, and are shown unchecked when nothing"
            + " was; an HMAC token fails alg; without keys the signature is not checked and the token is not valid")
    void expectationsAndAlgorithms() {
        Secret stranger = TestKeys.sign(
                KEY, claims().issuer("https://evil.example").audience("other").build());
        Secret hmac = TestKeys.signHmac(new byte[32], claims().build());

        assertThat(results(inspect(stranger, pasted(KEY), NOW)))
                .containsEntry("iss", TokenInspection.Result.FAILED)
                .containsEntry("aud", TokenInspection.Result.FAILED);
        TokenInspection unchecked = TokenInspection.inspect(
                stranger, Optional.of(pasted(KEY)), TokenInspection.Expected.NOTHING, new FakeClock(NOW), SKEW);
        assertThat(results(unchecked))
                .containsEntry("iss", TokenInspection.Result.NOT_CHECKED)
                .containsEntry("aud", TokenInspection.Result.NOT_CHECKED);
        assertThat(results(inspect(hmac, pasted(KEY), NOW))).containsEntry("alg", TokenInspection.Result.FAILED);
        TokenInspection noKeys = TokenInspection.inspect(
                TestKeys.sign(KEY, claims().build()), Optional.empty(), EXPECTED, new FakeClock(NOW), SKEW);
        assertThat(results(noKeys)).containsEntry("signature", TokenInspection.Result.NOT_CHECKED);
        assertThat(noKeys.valid()).isFalse();
    }

    @Test
    @DisplayName(
            "SX5: text that is no JWT, an encrypted or unsigned one, is refused saying what it is, never quoting it")
    void notAJwtIsSaidInWords() {
        String unsigned = "eyJhbGciOiJub25lIn0.eyJzdWIiOiJhbGljZSJ9.";
        for (String text : List.of("", "hello-secret", "a.b", "###.###.###", unsigned, "a.b.c.d.e")) {
            assertThatThrownBy(() -> TokenInspection.inspect(
                            Secret.of(text),
                            Optional.empty(),
                            TokenInspection.Expected.NOTHING,
                            new FakeClock(NOW),
                            SKEW))
                    .isInstanceOf(IllegalArgumentException.class)
                    .satisfies(e -> assertThat(e.getMessage()).doesNotContain(text.isEmpty() ? "\u0000" : text));
        }
        assertThatThrownBy(() -> TokenInspection.inspect(
                        Secret.of("hello-secret"),
                        Optional.empty(),
                        TokenInspection.Expected.NOTHING,
                        new FakeClock(NOW),
                        SKEW))
                .hasMessageContaining("is not a JWT");
        assertThatThrownBy(() -> TokenInspection.inspect(
                        Secret.of(unsigned),
                        Optional.empty(),
                        TokenInspection.Expected.NOTHING,
                        new FakeClock(NOW),
                        SKEW))
                .hasMessageContaining("unsigned");
    }

    @Test
    @DisplayName("SX5: a JWKS that is not one, or has no usable key (a secret key, a private key), is refused in words")
    void aJwksWithNoUsableKeyIsSaid() {
        assertThatThrownBy(() -> TokenInspection.Keys.parse("not json", "the pasted JWKS"))
                .hasMessageContaining("is not a JSON Web Key Set");
        assertThatThrownBy(() -> TokenInspection.Keys.parse(
                        "{\"keys\":[{\"kty\":\"oct\",\"k\":\"c2VjcmV0\"}]}", "the pasted JWKS"))
                .hasMessageContaining("has no usable key")
                .hasMessageContaining("1 key(s)")
                .hasMessageNotContaining("c2VjcmV0");
        assertThatThrownBy(
                        () -> TokenInspection.Keys.parse("{\"keys\":[" + KEY.toJSONString() + "]}", "the pasted JWKS"))
                .hasMessageContaining("has no usable key");
        assertThatThrownBy(() -> TokenInspection.Keys.parse("{\"keys\":[]}", "the pasted JWKS"))
                .hasMessageContaining("has no usable key");
    }

    @Test
    @DisplayName("SX4: a real ID token of the embedded provider verifies against its JWKS fetched through discovery,"
            + " and the provenance names the jwks_uri")
    void aRealIdTokenVerifiesAgainstTheFetchedKeys() throws Exception {
        try (DemoProvider provider = DemoProvider.start(ProviderConfig.defaults())) {
            OAuthConfig config = OAuthConfig.of(provider.issuer().toString(), ClientRegistration.DESKTOP_CLIENT_ID);
            Session session = OAuthClient.builder(config)
                    .browser(new SignInPageBrowser())
                    .build()
                    .login();
            TokenInspection.Keys keys = OAuthClient.builder(
                            OAuthConfig.of(provider.issuer().toString(), "x"))
                    .build()
                    .providerKeys();

            TokenInspection inspection = TokenInspection.inspect(
                    session.tokens().idToken().orElseThrow(),
                    Optional.of(keys),
                    new TokenInspection.Expected(
                            Optional.of(provider.issuer().toString()),
                            Optional.of(ClientRegistration.DESKTOP_CLIENT_ID)),
                    java.time.Clock.systemUTC(),
                    SKEW);

            assertThat(inspection.valid()).as("%s", inspection.checks()).isTrue();
            assertThat(inspection.checks().get(0).detail())
                    .contains(provider.jwksUrl().toString())
                    .contains("discovery");
            assertThat(inspection.toString() + keys)
                    .doesNotContain(session.tokens().idToken().orElseThrow().reveal());
        }
    }
}
