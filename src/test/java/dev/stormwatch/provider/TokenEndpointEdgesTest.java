package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.testing.FakeClock;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The token endpoint's answers that the end-to-end tests do not reach (RFC 6749 §4.1.3, §4.4, §5, §6; RFC 7636 §4.6;
 * RFC 8628 §3.4; RFC 9449 §5, §8), over real sockets on a fake clock.
 */
class TokenEndpointEdgesTest {

    private static final FakeClock CLOCK = FakeClock.atNewYear();
    private static final String CONFIDENTIAL = ClientRegistration.CONFIDENTIAL_CLIENT_ID;
    private static final String SECRET = ClientRegistration.CONFIDENTIAL_CLIENT_SECRET;

    @RegisterExtension
    static final RunningDemoProvider DEMO = new RunningDemoProvider(CLOCK);

    @AfterEach
    void reset() {
        DEMO.provider().requireDpopNonces(false);
    }

    private static Map<String, String> codeExchange(String code) {
        Map<String, String> fields = new java.util.LinkedHashMap<>();
        fields.put("grant_type", "authorization_code");
        fields.put("code", code);
        fields.put("redirect_uri", ProviderDriver.REDIRECT);
        fields.put("client_id", ProviderDriver.CLIENT);
        fields.put("code_verifier", ProviderDriver.VERIFIER);
        return fields;
    }

    private static JsonNode refused(HttpResponse<String> answer, int status, String error) throws Exception {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
        JsonNode body = ProviderDriver.json(answer);
        assertThat(body.path("error").asText()).isEqualTo(error);
        assertThat(answer.headers().firstValue("Cache-Control")).contains("no-store");
        assertThat(answer.headers().firstValue("Pragma")).contains("no-cache");
        return body;
    }

    private static String code(String scope) throws Exception {
        return DEMO.driver()
                .signIn(ProviderDriver.with(DEMO.driver().authorizeParams(), "scope", scope), "alice")
                .get("code");
    }

    @Test
    @DisplayName("A code exchange without the code, the redirect_uri or the verifier is 400 invalid_request, and the"
            + " code is not spent by it")
    void anExchangeMissingAFieldIsInvalidRequest() throws Exception {
        String code = code("openid");
        Map<String, String> complete = codeExchange(code);

        for (String field : new String[] {"code", "redirect_uri", "code_verifier"}) {
            Map<String, String> missing = new java.util.LinkedHashMap<>(complete);
            missing.remove(field);
            JsonNode body = refused(DEMO.driver().postForm("/token", missing, Map.of()), 400, "invalid_request");
            assertThat(body.path("error_description").asText()).contains(field);
        }
        assertThat(DEMO.driver()
                        .postForm("/token", ProviderDriver.with(complete, "grant_type", ""), Map.of())
                        .body())
                .contains("grant_type is required");
        assertThat(DEMO.driver().postForm("/token", complete, Map.of()).statusCode())
                .isEqualTo(200);
    }

    @Test
    @DisplayName("ST3: a code issued to one client, exchanged by another that authenticates, is invalid_grant")
    void aCodeIsBoundToItsClient() throws Exception {
        String code = code("openid");
        Map<String, String> byOther = codeExchange(code);
        byOther.remove("client_id");

        JsonNode body = refused(
                DEMO.driver()
                        .postForm(
                                "/token", byOther, Map.of("Authorization", ProviderDriver.basic(CONFIDENTIAL, SECRET))),
                400,
                "invalid_grant");
        assertThat(body.path("error_description").asText()).contains("another client");
    }

    @Test
    @DisplayName("A verifier that hashes to the challenge but is shorter than RFC 7636 §4.1's 43 characters is"
            + " invalid_grant")
    void aMalformedVerifierIsRefusedEvenWhenItMatches() throws Exception {
        String shortVerifier = "a".repeat(42);
        Map<String, String> params = DEMO.driver().authorizeParams();
        params.put("code_challenge", ProviderDriver.challenge(shortVerifier));
        String code = DEMO.driver().signIn(params, "alice").get("code");

        JsonNode body = refused(
                DEMO.driver()
                        .postForm(
                                "/token",
                                ProviderDriver.with(codeExchange(code), "code_verifier", shortVerifier),
                                Map.of()),
                400,
                "invalid_grant");
        assertThat(body.path("error_description").asText()).contains("code_verifier");
    }

    @Test
    @DisplayName("SX3: the token answer states the scope, both lifetimes and no-store; without openid no ID token,"
            + " with profile the ID token names the user, without profile it does not")
    void theIdTokenFollowsTheScope() throws Exception {
        HttpResponse<String> noOpenid = DEMO.driver().postForm("/token", codeExchange(code("profile email")), Map.of());
        HttpResponse<String> openidOnly = DEMO.driver().postForm("/token", codeExchange(code("openid")), Map.of());
        HttpResponse<String> withProfile =
                DEMO.driver().postForm("/token", codeExchange(code("openid profile")), Map.of());

        JsonNode plain = ProviderDriver.json(noOpenid);
        assertThat(plain.has("id_token")).isFalse();
        assertThat(plain.path("scope").asText()).isEqualTo("profile email");
        assertThat(plain.path("expires_in").asLong()).isEqualTo(300);
        assertThat(plain.path("refresh_expires_in").asLong())
                .isEqualTo(Duration.ofHours(8).toSeconds());
        assertThat(noOpenid.headers().firstValue("Cache-Control")).contains("no-store");
        assertThat(noOpenid.headers().firstValue("Pragma")).contains("no-cache");
        assertThat(noOpenid.headers().firstValue("DPoP-Nonce")).isEmpty();
        SignedJWT bare =
                SignedJWT.parse(ProviderDriver.json(openidOnly).path("id_token").asText());
        assertThat(bare.getJWTClaimsSet().getClaims()).doesNotContainKey("name");
        assertThat(bare.getJWTClaimsSet().getLongClaim("auth_time"))
                .isEqualTo(CLOCK.instant().getEpochSecond());
        SignedJWT named = SignedJWT.parse(
                ProviderDriver.json(withProfile).path("id_token").asText());
        assertThat(named.getJWTClaimsSet().getStringClaim("name")).isEqualTo("Alice Example");
    }

    @Test
    @DisplayName("F3: a refresh answers a new refresh token and no ID token; without the token it is invalid_request;"
            + " another client's refresh token is invalid_grant and stays usable by its own client")
    void refreshEdges() throws Exception {
        JsonNode tokens = DEMO.driver().login(Map.of());
        String refreshToken = tokens.path("refresh_token").asText();

        refused(
                DEMO.driver()
                        .postForm(
                                "/token",
                                Map.of("grant_type", "refresh_token", "client_id", ProviderDriver.CLIENT),
                                Map.of()),
                400,
                "invalid_request");
        JsonNode stolen = refused(
                DEMO.driver()
                        .postForm(
                                "/token",
                                Map.of("grant_type", "refresh_token", "refresh_token", refreshToken),
                                Map.of("Authorization", ProviderDriver.basic(CONFIDENTIAL, SECRET))),
                400,
                "invalid_grant");
        assertThat(stolen.path("error_description").asText()).contains("another client");

        HttpResponse<String> refreshed = DEMO.driver().refresh(refreshToken, Map.of());
        assertThat(refreshed.statusCode()).isEqualTo(200);
        JsonNode body = ProviderDriver.json(refreshed);
        assertThat(body.has("id_token")).isFalse();
        assertThat(body.path("refresh_token").asText()).isNotEqualTo(refreshToken);
        assertThat(body.path("scope").asText()).isEqualTo("openid profile email");
        assertThat(DEMO.driver()
                        .userinfo("Bearer", body.path("access_token").asText(), Map.of())
                        .statusCode())
                .isEqualTo(200);
    }

    @Test
    @DisplayName("SX3: a refresh token lives its refresh_expires_in: one millisecond before it still rotates, at it"
            + " it is invalid_grant")
    void aRefreshTokenExpiresAtItsLifetime() throws Exception {
        String early = DEMO.driver().login(Map.of()).path("refresh_token").asText();
        String late = DEMO.driver().login(Map.of()).path("refresh_token").asText();

        CLOCK.advance(Duration.ofHours(8).minusMillis(1));
        assertThat(DEMO.driver().refresh(early, Map.of()).statusCode()).isEqualTo(200);
        CLOCK.advance(Duration.ofMillis(1));
        JsonNode body = refused(DEMO.driver().refresh(late, Map.of()), 400, "invalid_grant");
        assertThat(body.path("error_description").asText()).contains("expired");
    }

    @Test
    @DisplayName("OP4: a DPoP-bound refresh token refreshes only with a proof of its key: without a proof, or with"
            + " another key's, invalid_grant; a bad proof is invalid_dpop_proof")
    void aDpopBoundRefreshTokenNeedsItsKey() throws Exception {
        ProviderDriver.DpopKey key = DEMO.driver().new DpopKey();
        ProviderDriver.DpopKey other = DEMO.driver().new DpopKey();
        String refreshToken = DEMO.driver()
                .login(Map.of("DPoP", key.proof("POST", "/token", Optional.empty(), Optional.empty())))
                .path("refresh_token")
                .asText();

        JsonNode noProof = refused(DEMO.driver().refresh(refreshToken, Map.of()), 400, "invalid_grant");
        assertThat(noProof.path("error_description").asText()).contains("DPoP key");
        refused(
                DEMO.driver()
                        .refresh(
                                refreshToken,
                                Map.of("DPoP", other.proof("POST", "/token", Optional.empty(), Optional.empty()))),
                400,
                "invalid_grant");
        refused(DEMO.driver().refresh(refreshToken, Map.of("DPoP", "not-a-proof")), 400, "invalid_dpop_proof");

        HttpResponse<String> bound = DEMO.driver()
                .refresh(refreshToken, Map.of("DPoP", key.proof("POST", "/token", Optional.empty(), Optional.empty())));
        assertThat(bound.statusCode()).as(bound.body()).isEqualTo(200);
        assertThat(ProviderDriver.json(bound).path("token_type").asText()).isEqualTo("DPoP");
    }

    @Test
    @DisplayName("OP4: with nonces required, a token answer carries the current DPoP-Nonce for the next proof")
    void aTokenAnswerCarriesTheNonceWhenNoncesAreRequired() throws Exception {
        String code = code("openid");
        DEMO.provider().requireDpopNonces(true);

        HttpResponse<String> answer = DEMO.driver().postForm("/token", codeExchange(code), Map.of());

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("DPoP-Nonce")).get().asString().isNotBlank();
    }

    @Test
    @DisplayName("CA7: client_credentials gives a confidential client an opaque Bearer token with its scope and no"
            + " refresh or ID token; a public client is unauthorized_client")
    void clientCredentials() throws Exception {
        Map<String, String> grant = Map.of("grant_type", "client_credentials", "scope", "reports");
        Map<String, String> basic = Map.of("Authorization", ProviderDriver.basic(CONFIDENTIAL, SECRET));

        HttpResponse<String> granted = DEMO.driver().postForm("/token", grant, basic);
        HttpResponse<String> noScope =
                DEMO.driver().postForm("/token", Map.of("grant_type", "client_credentials"), basic);
        HttpResponse<String> publicClient = DEMO.driver()
                .postForm("/token", ProviderDriver.with(grant, "client_id", ProviderDriver.CLIENT), Map.of());

        assertThat(granted.statusCode()).as(granted.body()).isEqualTo(200);
        assertThat(granted.headers().firstValue("Cache-Control")).contains("no-store");
        assertThat(granted.headers().firstValue("Pragma")).contains("no-cache");
        JsonNode body = ProviderDriver.json(granted);
        assertThat(body.path("token_type").asText()).isEqualTo("Bearer");
        assertThat(body.path("expires_in").asLong()).isEqualTo(300);
        assertThat(body.path("scope").asText()).isEqualTo("reports");
        assertThat(body.path("access_token").asText()).hasSize(43).doesNotContain(".");
        assertThat(body.has("refresh_token")).isFalse();
        assertThat(body.has("id_token")).isFalse();
        assertThat(ProviderDriver.json(noScope).has("scope")).isFalse();
        refused(publicClient, 400, "unauthorized_client");
    }

    @Test
    @DisplayName("DV7: a device poll without the device_code is invalid_request; one by another client is"
            + " invalid_grant; a grant without openid gets no ID token")
    void devicePollEdges() throws Exception {
        JsonNode issued = ProviderDriver.json(DEMO.driver()
                .postForm(
                        "/device_authorization",
                        Map.of("client_id", ProviderDriver.CLIENT, "scope", "profile"),
                        Map.of()));
        String deviceCode = issued.path("device_code").asText();
        Map<String, String> poll =
                Map.of("grant_type", TokenEndpoint.DEVICE_CODE_GRANT, "client_id", ProviderDriver.CLIENT);

        refused(DEMO.driver().postForm("/token", poll, Map.of()), 400, "invalid_request");
        CLOCK.advance(Duration.ofSeconds(5));
        refused(
                DEMO.driver()
                        .postForm(
                                "/token",
                                Map.of("grant_type", TokenEndpoint.DEVICE_CODE_GRANT, "device_code", deviceCode),
                                Map.of("Authorization", ProviderDriver.basic(CONFIDENTIAL, SECRET))),
                400,
                "invalid_grant");
        DEMO.driver()
                .postForm(
                        "/device",
                        Map.of("user_code", issued.path("user_code").asText(), "user", "bob", "decision", "allow"),
                        Map.of());
        CLOCK.advance(Duration.ofSeconds(5));
        HttpResponse<String> tokens =
                DEMO.driver().postForm("/token", ProviderDriver.with(poll, "device_code", deviceCode), Map.of());

        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        JsonNode body = ProviderDriver.json(tokens);
        assertThat(body.has("id_token")).isFalse();
        assertThat(body.path("scope").asText()).isEqualTo("profile");
        assertThat(ProviderDriver.json(DEMO.driver()
                                .userinfo("Bearer", body.path("access_token").asText(), Map.of()))
                        .path("sub")
                        .asText())
                .isEqualTo("bob");
    }
}
