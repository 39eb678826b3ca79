package dev.stormwatch.app.session;

import static dev.stormwatch.app.session.InspectorTokens.KEY;
import static dev.stormwatch.app.session.InspectorTokens.NOW;
import static dev.stormwatch.app.session.InspectorTokens.jwks;
import static dev.stormwatch.app.session.InspectorTokens.token;
import static org.assertj.core.api.Assertions.assertThat;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Secret;
import dev.stormwatch.oauth.TokenInspection;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.testing.FakeClock;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.ZoneId;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Function;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The token inspector on tokens signed here with a key made here: a pasted JWKS is checked without a fetch, an issuer's
 * keys are fetched on the background executor the test runs, and each refusal sits under its field (SX4, SX5, SX6).
 */
class TokenInspectorViewModelEdgesTest {

    @TempDir
    Path dir;

    private final FakeClock clock = new FakeClock(NOW);
    private final ArrayDeque<Runnable> background = new ArrayDeque<>();
    private final AtomicInteger fetches = new AtomicInteger();

    private TokenInspectorViewModel model(Function<String, TokenInspection.Keys> issuerKeys) {
        return new TokenInspectorViewModel(background::add, Runnable::run, clock, issuer -> {
            fetches.incrementAndGet();
            return issuerKeys.apply(issuer);
        });
    }

    private TokenInspectorViewModel model() {
        return model(issuer -> TokenInspection.Keys.parse(jwks(), issuer + "'s JWKS"));
    }

    @Test
    @DisplayName("SX4: a pasted JWKS checks the token at once, nothing is fetched, and a check that did not run reads"
            + " as words")
    void aPastedJwksChecksAtOnce() {
        TokenInspectorViewModel model = model();
        model.tokenProperty().set(" " + token("k1", NOW.plusSeconds(600)) + "\n");
        model.jwksProperty().set(jwks());
        model.audienceProperty().set("  ");

        model.inspect();

        assertThat(background).isEmpty();
        assertThat(fetches).hasValue(0);
        assertThat(model.busyProperty().get()).isFalse();
        assertThat(model.verdictProperty().get()).isEqualTo("Valid: the signature and every check that ran passed.");
        assertThat(model.checks())
                .extracting(TokenInspectorViewModel.Row::check)
                .contains("signature", "iss", "aud");
        assertThat(model.checks())
                .filteredOn(row -> row.check().equals("aud"))
                .extracting(TokenInspectorViewModel.Row::result)
                .containsExactly("not checked");
        assertThat(model.headerProperty().get()).contains("\"kid\" : \"k1\"");
        assertThat(model.claimsProperty().get()).contains("\"sub\" : \"alice\"");
        assertThat(model.keysErrorProperty().get()).isEmpty();
        assertThat(model.tokenErrorProperty().get()).isEmpty();
    }

    @Test
    @DisplayName("SX4: an expired token is NOT valid; a later paste that is no JWT clears what was shown")
    void anExpiredTokenIsNotValidAndABadPasteClearsTheChecks() {
        TokenInspectorViewModel model = model();
        model.tokenProperty().set(token("k1", NOW.minus(Duration.ofHours(1))));
        model.jwksProperty().set(jwks());
        model.inspect();
        assertThat(model.verdictProperty().get()).isEqualTo("NOT valid: see the checks.");
        assertThat(model.checks())
                .extracting(TokenInspectorViewModel.Row::result)
                .contains("failed");

        model.tokenProperty().set("not.a.jwt");
        model.inspect();

        assertThat(model.tokenErrorProperty().get()).startsWith("The token ").endsWith(".");
        assertThat(model.verdictProperty().get()).isEmpty();
        assertThat(model.checks()).isEmpty();
        assertThat(model.headerProperty().get()).isEmpty();
        assertThat(model.claimsProperty().get()).isEmpty();
    }

    @Test
    @DisplayName("SX5: an issuer and a pasted JWKS both is refused under the keys, and nothing is fetched")
    void anIssuerAndAJwksBothAreRefused() {
        TokenInspectorViewModel model = model();
        model.tokenProperty().set(token("k1", NOW.plusSeconds(600)));
        model.issuerProperty().set("https://issuer.example");
        model.jwksProperty().set(jwks());

        model.inspect();

        assertThat(model.keysErrorProperty().get())
                .isEqualTo("Give an issuer or a pasted JWKS, not both: the keys come from one place.");
        assertThat(background).isEmpty();
        assertThat(model.busyProperty().get()).isFalse();
        assertThat(model.checks()).isEmpty();
    }

    @Test
    @DisplayName("SX4: the issuer's keys are fetched once while the inspector is busy; a second Inspect or Open file"
            + " meanwhile does nothing; the answer shows the checks and ends the busy state")
    void theIssuersKeysAreFetchedOnceWhileBusy() throws Exception {
        TokenInspectorViewModel model = model();
        String token = token("k1", NOW.plusSeconds(600));
        model.tokenProperty().set(token);
        model.issuerProperty().set(" https://issuer.example ");
        model.audienceProperty().set("app");

        model.inspect();
        assertThat(model.busyProperty().get()).isTrue();
        model.inspect();
        Path other = Files.writeString(dir.resolve("other.txt"), "other-token\n");
        model.openTokenFile(other);
        assertThat(background).hasSize(1);
        assertThat(model.tokenProperty().get()).isEqualTo(token);

        background.poll().run();

        assertThat(fetches).hasValue(1);
        assertThat(model.busyProperty().get()).isFalse();
        assertThat(model.verdictProperty().get()).startsWith("Valid");
        assertThat(model.checks())
                .filteredOn(row -> row.check().equals("aud"))
                .extracting(TokenInspectorViewModel.Row::result)
                .containsExactly("passed");
    }

    @Test
    @DisplayName("SX5: keys that cannot be fetched are said under the keys, with the client's words, and the"
            + " inspector is free again")
    void keysThatCannotBeFetchedAreSaid() {
        TokenInspectorViewModel model = model(issuer -> {
            throw new CallFailure.Configuration("no discovery document at " + issuer);
        });
        model.tokenProperty().set(token("k1", NOW.plusSeconds(600)));
        model.issuerProperty().set("https://issuer.example");

        model.inspect();
        background.poll().run();

        assertThat(model.busyProperty().get()).isFalse();
        assertThat(model.keysErrorProperty().get())
                .startsWith("The issuer's keys could not be fetched: ")
                .contains("no discovery document at https://issuer.example");
        assertThat(model.checks()).isEmpty();
    }

    @Test
    @DisplayName("SX6: a token file of exactly 1 MiB is read (and then judged as a token), one byte more is refused"
            + " by its size")
    void aTokenFileOfExactlyTheLimitIsRead() throws Exception {
        TokenInspectorViewModel model = model();
        Path limit = dir.resolve("limit.bin");
        Files.write(
                limit,
                "x".repeat((int) TokenInspectorViewModel.MAX_TOKEN_FILE_BYTES).getBytes());

        model.openTokenFile(limit);

        assertThat(model.tokenErrorProperty().get()).startsWith("The token ").doesNotContain("more than a token file");
    }

    @Test
    @DisplayName("SX4: a token's details show the algorithm and its key id, or the algorithm alone, or opaque; an"
            + " opaque token has no header or claims and is not decoded")
    void tokenDetailsOfJwtsAndOpaqueTokens() throws Exception {
        String withKid = token("k1", NOW.plusSeconds(600));
        SignedJWT noKid = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.RS256).build(),
                new JWTClaimsSet.Builder().subject("bob").build());
        noKid.sign(new RSASSASigner(KEY));

        assertThat(TokenDetails.algorithmAndKey(Secret.of(withKid))).isEqualTo("RS256, key k1");
        assertThat(TokenDetails.algorithmAndKey(Secret.of(noKid.serialize()))).isEqualTo("RS256");
        assertThat(TokenDetails.algorithmAndKey(Secret.of("opaque-value"))).isEqualTo("opaque");

        TokenDetails jwt = TokenDetails.of("ID token", Secret.of(withKid), "checked");
        assertThat(jwt.decoded()).isTrue();
        assertThat(jwt.header()).contains("\"alg\" : \"RS256\"", "\"kid\" : \"k1\"");
        assertThat(jwt.length()).isEqualTo(withKid.length());
        assertThat(jwt.claims()).contains("\"sub\" : \"alice\"").doesNotContain(withKid);

        TokenDetails opaque = TokenDetails.of("Access token", Secret.of("opaque-value"), "not checked");
        assertThat(opaque.decoded()).isFalse();
        assertThat(opaque.header()).isEmpty();
        assertThat(opaque.claims()).isEmpty();
        assertThat(opaque.fingerprint()).matches("sha256:[0-9a-f]{12}");
        assertThat(opaque.length()).isEqualTo(12);
        assertThat(opaque.verification()).isEqualTo("not checked");
    }

    @Test
    @DisplayName("SX4: a time claim is read out only where it is a whole claim line of at most 12 digits")
    void onlyWholeTimeClaimsAreReadOut() {
        String json = "{\n  \"exp\" : 1764582770\n}";
        assertThat(TokenDetails.withTimes(json, ZoneId.of("UTC")))
                .isEqualTo("{\n  \"exp\" : 1764582770  // 09:52:50 local, 09:52:50 UTC, 1 Dec 2025\n}");
        String tooLong = "{\n  \"exp\" : 1764582770000\n}";
        assertThat(TokenDetails.withTimes(tooLong, ZoneId.of("UTC"))).isEqualTo(tooLong);
    }

    @Test
    @DisplayName("UI16: no page, an empty page or one too long for a QR code gives no modules")
    void noQrCodeForNothingOrTooMuch() {
        assertThat(DeviceQrCode.modules(null)).isEmpty();
        assertThat(DeviceQrCode.modules("")).isEmpty();
        assertThat(DeviceQrCode.modules("https://example.com/" + "x".repeat(5000)))
                .isEmpty();
        boolean[][] modules = DeviceQrCode.modules("https://example.com/device");
        assertThat(modules.length).isEqualTo(modules[0].length).isGreaterThan(21);
    }

    @Test
    @DisplayName("SX4: claims that are not JSON values are shown as their text rather than lost")
    void prettyJsonFallsBackToTheText() {
        Object notJson = new Object() {
            @Override
            public String toString() {
                return "plain";
            }
        };
        assertThat(PrettyJson.of(notJson)).isEqualTo("plain");
        assertThat(PrettyJson.of(Map.of("b", 1, "a", List.of()))).isEqualTo("{\n  \"a\" : [ ],\n  \"b\" : 1\n}");
    }

    @Test
    @DisplayName("SX5, SX6: a refusal under the token or the keys goes with the next Inspect or Open file that reads")
    void aRefusalGoesWithTheNextReading() throws Exception {
        TokenInspectorViewModel model = model();
        model.tokenProperty().set("not.a.jwt");
        model.inspect();
        assertThat(model.tokenErrorProperty().get()).isNotEmpty();
        Path saved = Files.writeString(dir.resolve("id_token.txt"), token("k1", NOW.plusSeconds(600)) + "\n");
        model.jwksProperty().set(jwks());

        model.openTokenFile(saved);
        assertThat(model.tokenErrorProperty().get()).isEmpty();
        assertThat(model.verdictProperty().get()).startsWith("Valid");

        model.issuerProperty().set("https://issuer.example");
        model.inspect();
        assertThat(model.keysErrorProperty().get()).startsWith("Give an issuer or a pasted JWKS");
        model.jwksProperty().set("");
        model.inspect();
        assertThat(model.keysErrorProperty().get()).isEmpty();
    }
}
