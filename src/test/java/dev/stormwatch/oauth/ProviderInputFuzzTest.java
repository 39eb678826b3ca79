package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import dev.stormwatch.base.Secret;
import dev.stormwatch.retry.CallFailure;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;

/**
 * HD1: what a provider or a browser sends the OAuth client (the loopback redirect's request head, the discovery
 * document, the JWKS, a token response and its ID token) ends in a value or a typed {@link CallFailure}, never in
 * another exception. The ID-token seeds are signed with the key in {@code ProviderInputFuzzTest-key.json}, so the
 * fuzzer starts past the signature; it is a test key made for this corpus and nothing else. Corpus under
 * {@code ProviderInputFuzzTestInputs/}; {@code JAZZER_FUZZ=1} fuzzes (see CONTRIBUTING.md).
 */
class ProviderInputFuzzTest {

    private static final Issuer ISSUER = new Issuer("https://as.example");
    private static final Instant NOW = Instant.parse("2026-03-01T12:00:00Z");
    private static final Clock CLOCK = Clock.fixed(NOW, ZoneOffset.UTC);
    private static final int PORT = 8765;
    private static final Secret STATE = Secret.of("state-123");
    private static final List<JWK> KEYS = testKeys();

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: any bytes sent to the loopback receiver are judged, accepted or rejected with a status")
    void anyLoopbackRequestHeadIsJudged(byte[] bytes) {
        Optional<LoopbackReceiver.RequestHead> head = LoopbackReceiver.completeHead(bytes);

        head.ifPresent(h -> {
            RedirectRequestCheck.Verdict verdict = RedirectRequestCheck.judge(h, PORT, STATE);
            if (verdict instanceof RedirectRequestCheck.Verdict.Rejected rejected) {
                assertThat(rejected.status()).isBetween(400, 499);
            }
        });
    }

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: any discovery document is provider metadata or a typed failure")
    void anyDiscoveryDocumentIsMetadataOrATypedFailure(byte[] bytes) {
        try {
            ProviderMetadata metadata = ProviderMetadata.parse(new String(bytes, StandardCharsets.UTF_8), ISSUER);
            assertThat(metadata.tokenEndpoint()).isNotNull();
        } catch (CallFailure expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: any JWKS document is signing keys or a typed failure")
    void anyJwksDocumentIsKeysOrATypedFailure(byte[] bytes) {
        String body = new String(bytes, StandardCharsets.UTF_8);
        JwksCache cache = new JwksCache(CLOCK, Duration.ofMinutes(1));
        try {
            List<JWK> keys = cache.candidates(Optional.of("k1"), () -> body);
            assertThat(keys).allSatisfy(key -> assertThat(key.getKeyID()).isEqualTo("k1"));
        } catch (CallFailure expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: any token response, ID token included, is a token set or a typed failure")
    void anyTokenResponseIsTokensOrATypedFailure(byte[] bytes) {
        String body = new String(bytes, StandardCharsets.UTF_8);
        IdTokenValidator validator = new IdTokenValidator(
                ISSUER,
                "demo-client",
                List.of(),
                kid -> KEYS.stream()
                        .filter(key -> kid.isEmpty() || kid.get().equals(key.getKeyID()))
                        .toList(),
                CLOCK,
                Duration.ofMinutes(1));
        try {
            JsonNode json = ProviderMetadata.readObject(body);
            TokenSet tokens = TokenResponse.read(json, "token exchange", NOW, false, Optional.empty());
            assertThat(tokens).isNotNull();
            if (TokenResponse.hasIdToken(json)) {
                validator.validate(
                        Secret.of(json.path("id_token").asText()), Optional.of(Secret.of("nonce-1")), Optional.empty());
            }
        } catch (CallFailure expected) {
            assertThat(expected.getMessage()).isNotBlank();
        }
    }

    private static List<JWK> testKeys() {
        try (InputStream in = ProviderInputFuzzTest.class.getResourceAsStream("ProviderInputFuzzTest-key.json")) {
            return JWKSet.parse(new String(in.readAllBytes(), StandardCharsets.UTF_8))
                    .toPublicJWKSet()
                    .getKeys();
        } catch (IOException | ParseException e) {
            throw new IllegalStateException("the fuzz test's key is missing", e);
        }
    }
}
