package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.crypto.RSASSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.server.Fault;
import dev.stormwatch.testing.FakeClock;
import java.io.IOException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The demo provider end to end, over real sockets, driven by the JDK's HTTP client as browser and client. */
class DemoProviderTest {

    private static final FakeClock CLOCK = FakeClock.atNewYear();

    @RegisterExtension
    static final RunningDemoProvider DEMO = new RunningDemoProvider(CLOCK);

    @AfterEach
    void reset() {
        DEMO.provider().requireDpopNonces(false);
    }

    @Test
    void discoveryAdvertisesEveryEndpointAndFeature() throws Exception {
        JsonNode doc = ProviderDriver.json(DEMO.driver().get("/.well-known/openid-configuration"));
        String issuer = DEMO.provider().issuer().toString();
        assertThat(doc.path("issuer").asText()).isEqualTo(issuer);
        assertThat(doc.path("pushed_authorization_request_endpoint").asText()).isEqualTo(issuer + "/par");
        assertThat(doc.path("jwks_uri").asText()).isEqualTo(issuer + "/jwks");
        assertThat(doc.path("revocation_endpoint").asText()).isEqualTo(issuer + "/revoke");
        assertThat(doc.path("end_session_endpoint").asText()).isEqualTo(issuer + "/logout");
        assertThat(doc.path("userinfo_endpoint").asText()).isEqualTo(issuer + "/userinfo");
        assertThat(doc.path("authorization_response_iss_parameter_supported").asBoolean())
                .isTrue();
        assertThat(doc.path("code_challenge_methods_supported").toString()).isEqualTo("[\"S256\"]");
        assertThat(doc.path("dpop_signing_alg_values_supported").toString()).contains("ES256", "RS256");
    }

    @Test
    void loginWithPkceRedirectsWithCodeStateAndIssAndIssuesVerifiableTokens() throws Exception {
        Map<String, String> redirect = DEMO.driver().signIn(DEMO.driver().authorizeParams(), "alice");
        assertThat(redirect.get("_location")).startsWith(ProviderDriver.REDIRECT + "?code=");
        assertThat(redirect)
                .containsEntry("state", "st-1")
                .containsEntry("iss", DEMO.provider().issuer().toString());

        JsonNode tokens = ProviderDriver.json(DEMO.driver().exchange(redirect.get("code"), Map.of()));
        assertThat(tokens.path("token_type").asText()).isEqualTo("Bearer");
        assertThat(tokens.path("expires_in").asLong()).isEqualTo(300);

        SignedJWT idToken = SignedJWT.parse(tokens.path("id_token").asText());
        assertThat(verifiesWithJwks(idToken)).isTrue();
        JWTClaimsSet claims = idToken.getJWTClaimsSet();
        assertThat(claims.getIssuer()).isEqualTo(DEMO.provider().issuer().toString());
        assertThat(claims.getSubject()).isEqualTo("alice");
        assertThat(claims.getAudience()).containsExactly(ProviderDriver.CLIENT);
        assertThat(claims.getStringClaim("nonce")).isEqualTo("n-1");
        assertThat(claims.getStringClaim("at_hash"))
                .isEqualTo(TokenMint.atHash(tokens.path("access_token").asText()));
        assertThat(claims.getIssueTime().toInstant()).isEqualTo(CLOCK.instant());
        assertThat(idToken.getHeader().getKeyID()).isEqualTo(DEMO.provider().currentKeyId());

        HttpResponse<String> userinfo =
                DEMO.driver().userinfo("Bearer", tokens.path("access_token").asText(), Map.of());
        assertThat(userinfo.statusCode()).isEqualTo(200);
        assertThat(ProviderDriver.json(userinfo).path("email").asText()).isEqualTo("alice@example.test");
    }

    @Test
    void refreshRotatesTheTokenAndReusingARotatedOneRevokesTheWholeFamily() throws Exception {
        JsonNode first = DEMO.driver().login(Map.of());
        String rt1 = first.path("refresh_token").asText();
        JsonNode second = ProviderDriver.json(DEMO.driver().refresh(rt1, Map.of()));
        String rt2 = second.path("refresh_token").asText();
        assertThat(rt2).isNotEqualTo(rt1);

        HttpResponse<String> reuse = DEMO.driver().refresh(rt1, Map.of());
        assertThat(reuse.statusCode()).isEqualTo(400);
        assertThat(ProviderDriver.json(reuse).path("error").asText()).isEqualTo("invalid_grant");
        assertThat(ProviderDriver.json(DEMO.driver().refresh(rt2, Map.of()))
                        .path("error")
                        .asText())
                .isEqualTo("invalid_grant");
        assertThat(DEMO.driver()
                        .userinfo("Bearer", second.path("access_token").asText(), Map.of())
                        .statusCode())
                .isEqualTo(401);
    }

    // F1, F3: the provider processed the refresh and the client never heard; the same token again kills the family.
    @Test
    @DisplayName("F1/F3: process-then-reset rotates the refresh token, so resending it is refused with invalid_grant")
    void processThenResetOnTheTokenEndpointRotatesAndResets() throws Exception {
        JsonNode tokens = DEMO.driver().login(Map.of());
        String rt1 = tokens.path("refresh_token").asText();
        DEMO.provider().faults().inject("/token", new Fault.ProcessThenReset());

        assertThatThrownBy(() -> DEMO.driver().refresh(rt1, Map.of())).isInstanceOf(IOException.class);

        HttpResponse<String> resend = DEMO.driver().refresh(rt1, Map.of());
        assertThat(ProviderDriver.json(resend).path("error").asText()).isEqualTo("invalid_grant");
        assertThat(ProviderDriver.json(resend).path("error_description").asText())
                .contains("family");
    }

    @Test
    void aCodeUsedTwiceIsRefusedAndTheTokensOfTheFirstUseAreRevoked() throws Exception {
        String code =
                DEMO.driver().signIn(DEMO.driver().authorizeParams(), "bob").get("code");
        JsonNode tokens = ProviderDriver.json(DEMO.driver().exchange(code, Map.of()));
        HttpResponse<String> again = DEMO.driver().exchange(code, Map.of());
        assertThat(ProviderDriver.json(again).path("error").asText()).isEqualTo("invalid_grant");
        assertThat(DEMO.driver()
                        .userinfo("Bearer", tokens.path("access_token").asText(), Map.of())
                        .statusCode())
                .isEqualTo(401);
    }

    @Test
    void aWrongCodeVerifierIsInvalidGrantAndAMissingOneInvalidRequest() throws Exception {
        String code =
                DEMO.driver().signIn(DEMO.driver().authorizeParams(), "alice").get("code");
        Map<String, String> wrong = Map.of(
                "grant_type",
                "authorization_code",
                "code",
                code,
                "client_id",
                ProviderDriver.CLIENT,
                "redirect_uri",
                ProviderDriver.REDIRECT,
                "code_verifier",
                "x".repeat(43));
        assertThat(ProviderDriver.json(DEMO.driver().postForm("/token", wrong, Map.of()))
                        .path("error")
                        .asText())
                .isEqualTo("invalid_grant");
        String code2 =
                DEMO.driver().signIn(DEMO.driver().authorizeParams(), "alice").get("code");
        Map<String, String> missing = Map.of(
                "grant_type",
                "authorization_code",
                "code",
                code2,
                "client_id",
                ProviderDriver.CLIENT,
                "redirect_uri",
                ProviderDriver.REDIRECT);
        assertThat(ProviderDriver.json(DEMO.driver().postForm("/token", missing, Map.of()))
                        .path("error")
                        .asText())
                .isEqualTo("invalid_request");
    }

    @Test
    void theCodeExpiresAfterSixtySeconds() throws Exception {
        String early =
                DEMO.driver().signIn(DEMO.driver().authorizeParams(), "alice").get("code");
        String late =
                DEMO.driver().signIn(DEMO.driver().authorizeParams(), "alice").get("code");
        CLOCK.advance(Duration.ofSeconds(60).minusMillis(1));
        assertThat(DEMO.driver().exchange(early, Map.of()).statusCode()).isEqualTo(200);
        CLOCK.advance(Duration.ofMillis(1));
        assertThat(ProviderDriver.json(DEMO.driver().exchange(late, Map.of()))
                        .path("error_description")
                        .asText())
                .contains("expired");
    }

    @Test
    void aLoopbackRedirectMatchesOnAnyPortButAnythingElseMustBeExact() throws Exception {
        Map<String, String> otherPort = DEMO.driver().authorizeParams();
        otherPort.put("redirect_uri", "http://127.0.0.1:1/callback");
        assertThat(DEMO.driver().getAuthorize(otherPort).statusCode()).isEqualTo(200);

        for (String bad : new String[] {
            "http://127.0.0.1:53682/other", "http://localhost:53682/callback", "https://evil.example/callback"
        }) {
            Map<String, String> params = DEMO.driver().authorizeParams();
            params.put("redirect_uri", bad);
            HttpResponse<String> page = DEMO.driver().getAuthorize(params);
            assertThat(page.statusCode()).isEqualTo(400);
            assertThat(page.headers().firstValue("Location")).isEmpty();
            assertThat(page.body()).contains("redirect_uri is not registered");
        }
    }

    @Test
    void theExchangeNeedsTheRedirectUriOfTheAuthorizationRequestPortIncluded() throws Exception {
        String code =
                DEMO.driver().signIn(DEMO.driver().authorizeParams(), "alice").get("code");
        Map<String, String> fields = Map.of(
                "grant_type",
                "authorization_code",
                "code",
                code,
                "client_id",
                ProviderDriver.CLIENT,
                "redirect_uri",
                "http://127.0.0.1:1/callback",
                "code_verifier",
                ProviderDriver.VERIFIER);
        assertThat(ProviderDriver.json(DEMO.driver().postForm("/token", fields, Map.of()))
                        .path("error")
                        .asText())
                .isEqualTo("invalid_grant");
    }

    @Test
    void unknownClientGetsAnErrorPageNeverARedirect() throws Exception {
        Map<String, String> params = DEMO.driver().authorizeParams();
        params.put("client_id", "someone-else");
        HttpResponse<String> page = DEMO.driver().getAuthorize(params);
        assertThat(page.statusCode()).isEqualTo(400);
        assertThat(page.headers().firstValue("Location")).isEmpty();
    }

    @Test
    void aRequestWithoutPkceIsRedirectedWithInvalidRequestStateAndIss() throws Exception {
        Map<String, String> params = DEMO.driver().authorizeParams();
        params.remove("code_challenge");
        Map<String, String> redirect =
                ProviderDriver.redirectQuery(DEMO.driver().getAuthorize(params));
        assertThat(redirect)
                .containsEntry("error", "invalid_request")
                .containsEntry("state", "st-1")
                .containsEntry("iss", DEMO.provider().issuer().toString());
    }

    @Test
    void denyingConsentRedirectsWithAccessDenied() throws Exception {
        HttpResponse<String> page = DEMO.driver().getAuthorize(DEMO.driver().authorizeParams());
        Map<String, String> redirect = ProviderDriver.redirectQuery(DEMO.driver()
                .postForm(
                        "/authorize",
                        Map.of("interaction", ProviderDriver.interaction(page.body()), "decision", "deny"),
                        Map.of()));
        assertThat(redirect).containsEntry("error", "access_denied").containsEntry("state", "st-1");
    }

    @Test
    void aPushedRequestUriWorksOnceAndExpiresAfterSixtySeconds() throws Exception {
        HttpResponse<String> pushed =
                DEMO.driver().postForm("/par", DEMO.driver().authorizeParams(), Map.of());
        assertThat(pushed.statusCode()).isEqualTo(201);
        JsonNode par = ProviderDriver.json(pushed);
        assertThat(par.path("expires_in").asLong()).isEqualTo(60);
        Map<String, String> byReference = Map.of(
                "client_id",
                ProviderDriver.CLIENT,
                "request_uri",
                par.path("request_uri").asText());
        assertThat(DEMO.driver().getAuthorize(byReference).statusCode()).isEqualTo(200);
        assertThat(DEMO.driver().getAuthorize(byReference).statusCode()).isEqualTo(400);

        JsonNode stale =
                ProviderDriver.json(DEMO.driver().postForm("/par", DEMO.driver().authorizeParams(), Map.of()));
        CLOCK.advance(Duration.ofSeconds(60));
        assertThat(DEMO.driver()
                        .getAuthorize(Map.of(
                                "client_id",
                                ProviderDriver.CLIENT,
                                "request_uri",
                                stale.path("request_uri").asText()))
                        .statusCode())
                .isEqualTo(400);
    }

    // Regression: the request_uri was taken before client_id was checked, so a wrong client_id burned a valid one.
    @Test
    void aWrongClientIdDoesNotUseUpThePushedRequestUri() throws Exception {
        JsonNode par =
                ProviderDriver.json(DEMO.driver().postForm("/par", DEMO.driver().authorizeParams(), Map.of()));
        String requestUri = par.path("request_uri").asText();

        assertThat(DEMO.driver()
                        .getAuthorize(Map.of("client_id", "someone-else", "request_uri", requestUri))
                        .statusCode())
                .isEqualTo(400);
        assertThat(DEMO.driver().getAuthorize(Map.of("request_uri", requestUri)).statusCode())
                .isEqualTo(400);

        assertThat(DEMO.driver()
                        .getAuthorize(Map.of("client_id", ProviderDriver.CLIENT, "request_uri", requestUri))
                        .statusCode())
                .isEqualTo(200);
        assertThat(DEMO.driver()
                        .getAuthorize(Map.of("client_id", ProviderDriver.CLIENT, "request_uri", requestUri))
                        .statusCode())
                .isEqualTo(400);
    }

    @Test
    void aPushedRequestIsValidatedLikeAnAuthorizationRequest() throws Exception {
        Map<String, String> params = DEMO.driver().authorizeParams();
        params.put("code_challenge_method", "plain");
        HttpResponse<String> pushed = DEMO.driver().postForm("/par", params, Map.of());
        assertThat(pushed.statusCode()).isEqualTo(400);
        assertThat(ProviderDriver.json(pushed).path("error").asText()).isEqualTo("invalid_request");
    }

    @Test
    void anAccessTokenStopsWorkingAtItsExpiry() throws Exception {
        String accessToken = DEMO.driver().login(Map.of()).path("access_token").asText();
        CLOCK.advance(Duration.ofMinutes(5).minusMillis(1));
        assertThat(DEMO.driver().userinfo("Bearer", accessToken, Map.of()).statusCode())
                .isEqualTo(200);
        CLOCK.advance(Duration.ofMillis(1));
        HttpResponse<String> expired = DEMO.driver().userinfo("Bearer", accessToken, Map.of());
        assertThat(expired.statusCode()).isEqualTo(401);
        assertThat(expired.headers().firstValue("WWW-Authenticate").orElseThrow())
                .contains("error=\"invalid_token\"");
    }

    @Test
    void dpopBindsTheTokensToTheClientKey() throws Exception {
        ProviderDriver.DpopKey key = DEMO.driver().new DpopKey();
        JsonNode tokens =
                DEMO.driver().login(Map.of("DPoP", key.proof("POST", "/token", Optional.empty(), Optional.empty())));
        assertThat(tokens.path("token_type").asText()).isEqualTo("DPoP");
        String accessToken = tokens.path("access_token").asText();
        Map<?, ?> cnf =
                (Map<?, ?>) SignedJWT.parse(accessToken).getJWTClaimsSet().getClaim("cnf");
        assertThat(cnf.get("jkt")).isEqualTo(key.thumbprint());

        assertThat(DEMO.driver().userinfo("Bearer", accessToken, Map.of()).statusCode())
                .isEqualTo(401);
        String proof = key.proof("GET", "/userinfo", Optional.empty(), Optional.of(accessToken));
        assertThat(DEMO.driver()
                        .userinfo("DPoP", accessToken, Map.of("DPoP", proof))
                        .statusCode())
                .isEqualTo(200);
        HttpResponse<String> replay = DEMO.driver().userinfo("DPoP", accessToken, Map.of("DPoP", proof));
        assertThat(replay.statusCode()).isEqualTo(401);
        assertThat(replay.headers().firstValue("WWW-Authenticate").orElseThrow())
                .contains("invalid_dpop_proof");

        ProviderDriver.DpopKey otherKey = DEMO.driver().new DpopKey();
        HttpResponse<String> stolen = DEMO.driver()
                .userinfo(
                        "DPoP",
                        accessToken,
                        Map.of("DPoP", otherKey.proof("GET", "/userinfo", Optional.empty(), Optional.of(accessToken))));
        assertThat(stolen.statusCode()).isEqualTo(401);

        HttpResponse<String> refreshWithoutProof =
                DEMO.driver().refresh(tokens.path("refresh_token").asText(), Map.of());
        assertThat(ProviderDriver.json(refreshWithoutProof).path("error").asText())
                .isEqualTo("invalid_grant");
    }

    @Test
    void dpopProofsAreCheckedForMethodTargetAndAge() throws Exception {
        ProviderDriver.DpopKey key = DEMO.driver().new DpopKey();
        String accessToken = DEMO.driver()
                .login(Map.of("DPoP", key.proof("POST", "/token", Optional.empty(), Optional.empty())))
                .path("access_token")
                .asText();
        String wrongMethod = key.proof("POST", "/userinfo", Optional.empty(), Optional.of(accessToken));
        assertThat(DEMO.driver()
                        .userinfo("DPoP", accessToken, Map.of("DPoP", wrongMethod))
                        .statusCode())
                .isEqualTo(401);
        String wrongTarget = key.proof("GET", "/token", Optional.empty(), Optional.of(accessToken));
        assertThat(DEMO.driver()
                        .userinfo("DPoP", accessToken, Map.of("DPoP", wrongTarget))
                        .statusCode())
                .isEqualTo(401);
        String noAth = key.proof("GET", "/userinfo", Optional.empty(), Optional.empty());
        assertThat(DEMO.driver()
                        .userinfo("DPoP", accessToken, Map.of("DPoP", noAth))
                        .statusCode())
                .isEqualTo(401);
        String old = key.proof("GET", "/userinfo", Optional.empty(), Optional.of(accessToken));
        CLOCK.advance(Duration.ofSeconds(61));
        assertThat(DEMO.driver()
                        .userinfo("DPoP", accessToken, Map.of("DPoP", old))
                        .statusCode())
                .isEqualTo(401);
    }

    // OP4: a use_dpop_nonce error carries DPoP-Nonce; one resend with that nonce succeeds.
    @Test
    @DisplayName("OP4: with nonces on, a proof without one gets use_dpop_nonce and DPoP-Nonce; resent with it, 200")
    void dpopNonceChallengeAtTokenAndUserinfo() throws Exception {
        ProviderDriver.DpopKey key = DEMO.driver().new DpopKey();
        DEMO.provider().requireDpopNonces(true);
        String code =
                DEMO.driver().signIn(DEMO.driver().authorizeParams(), "alice").get("code");
        HttpResponse<String> challenged = DEMO.driver()
                .exchange(code, Map.of("DPoP", key.proof("POST", "/token", Optional.empty(), Optional.empty())));
        assertThat(challenged.statusCode()).isEqualTo(400);
        assertThat(ProviderDriver.json(challenged).path("error").asText()).isEqualTo("use_dpop_nonce");
        String nonce = challenged.headers().firstValue("DPoP-Nonce").orElseThrow();

        HttpResponse<String> exchanged = DEMO.driver()
                .exchange(code, Map.of("DPoP", key.proof("POST", "/token", Optional.of(nonce), Optional.empty())));
        assertThat(exchanged.statusCode()).isEqualTo(200);
        String accessToken = ProviderDriver.json(exchanged).path("access_token").asText();

        DEMO.provider().rotateDpopNonce();
        DEMO.provider().rotateDpopNonce();
        HttpResponse<String> stale = DEMO.driver()
                .userinfo(
                        "DPoP",
                        accessToken,
                        Map.of("DPoP", key.proof("GET", "/userinfo", Optional.of(nonce), Optional.of(accessToken))));
        assertThat(stale.statusCode()).isEqualTo(401);
        assertThat(stale.headers().firstValue("WWW-Authenticate").orElseThrow()).contains("use_dpop_nonce");
        String fresh = stale.headers().firstValue("DPoP-Nonce").orElseThrow();
        assertThat(DEMO.driver()
                        .userinfo(
                                "DPoP",
                                accessToken,
                                Map.of(
                                        "DPoP",
                                        key.proof("GET", "/userinfo", Optional.of(fresh), Optional.of(accessToken))))
                        .statusCode())
                .isEqualTo(200);
    }

    @Test
    void revokingARefreshTokenEndsItsFamilyAndUnknownTokensAreFine() throws Exception {
        JsonNode tokens = DEMO.driver().login(Map.of());
        Map<String, String> revoke = Map.of(
                "token",
                tokens.path("refresh_token").asText(),
                "token_type_hint",
                "refresh_token",
                "client_id",
                ProviderDriver.CLIENT);
        assertThat(DEMO.driver().postForm("/revoke", revoke, Map.of()).statusCode())
                .isEqualTo(200);
        assertThat(DEMO.driver()
                        .refresh(tokens.path("refresh_token").asText(), Map.of())
                        .statusCode())
                .isEqualTo(400);
        assertThat(DEMO.driver()
                        .userinfo("Bearer", tokens.path("access_token").asText(), Map.of())
                        .statusCode())
                .isEqualTo(401);
        assertThat(DEMO.driver()
                        .postForm(
                                "/revoke",
                                Map.of("token", "never-issued", "client_id", ProviderDriver.CLIENT),
                                Map.of())
                        .statusCode())
                .isEqualTo(200);
        HttpResponse<String> missing =
                DEMO.driver().postForm("/revoke", Map.of("client_id", ProviderDriver.CLIENT), Map.of());
        assertThat(ProviderDriver.json(missing).path("error").asText()).isEqualTo("invalid_request");
    }

    @Test
    void endSessionRedirectsOnlyToARegisteredUri() throws Exception {
        String idToken = DEMO.driver().login(Map.of()).path("id_token").asText();
        HttpResponse<String> ok = DEMO.driver()
                .get("/logout?id_token_hint=" + idToken
                        + "&post_logout_redirect_uri=http://127.0.0.1/logged-out&state=bye");
        assertThat(ok.statusCode()).isEqualTo(302);
        assertThat(ok.headers().firstValue("Location").orElseThrow())
                .isEqualTo("http://127.0.0.1/logged-out?state=bye");
        HttpResponse<String> evil = DEMO.driver()
                .get("/logout?id_token_hint=" + idToken + "&post_logout_redirect_uri=https://evil.example/");
        assertThat(evil.statusCode()).isEqualTo(400);
        assertThat(evil.headers().firstValue("Location")).isEmpty();
        assertThat(DEMO.driver().get("/logout").statusCode()).isEqualTo(200);
    }

    @Test
    @DisplayName("SX2, SX7: a form POST to the end-session endpoint is read from its body: a registered loopback URI"
            + " (any port) gets the redirect with the state, an unregistered one 400 and no redirect, a hint that is"
            + " not our ID token 400; parameters only in a POST's query are not read")
    void endSessionTakesAFormPost() throws Exception {
        String idToken = DEMO.driver().login(Map.of()).path("id_token").asText();
        long postsBefore = DEMO.provider().requestsReceived("POST", "/logout");

        HttpResponse<String> ok = DEMO.driver()
                .postForm(
                        "/logout",
                        Map.of(
                                "id_token_hint",
                                idToken,
                                "client_id",
                                ProviderDriver.CLIENT,
                                "post_logout_redirect_uri",
                                "http://127.0.0.1:49152/logged-out",
                                "state",
                                "bye now"),
                        Map.of());
        assertThat(ok.statusCode()).as(ok.body()).isEqualTo(302);
        assertThat(ok.headers().firstValue("Location").orElseThrow())
                .isEqualTo("http://127.0.0.1:49152/logged-out?state=bye+now");
        assertThat(ok.headers().firstValue("Cache-Control")).contains("no-store");

        HttpResponse<String> evil = DEMO.driver()
                .postForm(
                        "/logout",
                        Map.of("id_token_hint", idToken, "post_logout_redirect_uri", "https://evil.example/"),
                        Map.of());
        assertThat(evil.statusCode()).isEqualTo(400);
        assertThat(evil.headers().firstValue("Location")).isEmpty();

        HttpResponse<String> forged = DEMO.driver()
                .postForm(
                        "/logout",
                        Map.of(
                                "id_token_hint",
                                idToken.substring(0, idToken.lastIndexOf('.') + 1) + "AAAA",
                                "post_logout_redirect_uri",
                                "http://127.0.0.1/logged-out"),
                        Map.of());
        assertThat(forged.statusCode()).isEqualTo(400);
        assertThat(forged.body()).contains("id_token_hint is not an ID token issued by this provider");

        HttpResponse<String> queryOnly = DEMO.driver()
                .postForm(
                        "/logout?post_logout_redirect_uri=http://127.0.0.1/logged-out&client_id="
                                + ProviderDriver.CLIENT,
                        Map.of(),
                        Map.of());
        assertThat(queryOnly.statusCode()).isEqualTo(200);
        assertThat(queryOnly.headers().firstValue("Location")).isEmpty();
        assertThat(DEMO.provider().requestsReceived("POST", "/logout") - postsBefore)
                .isEqualTo(4);
    }

    @Test
    void rotatedKeysSignNewTokensAndOldKeysStayPublished() throws Exception {
        String before = DEMO.provider().currentKeyId();
        DEMO.provider().rotateKeys();
        assertThat(DEMO.provider().currentKeyId()).isNotEqualTo(before);
        HttpResponse<String> published = DEMO.driver().get("/jwks");
        assertThat(published.headers().allValues("Content-Type")).containsExactly("application/jwk-set+json");
        JWKSet jwks = JWKSet.parse(published.body());
        assertThat(jwks.getKeys()).hasSize(4);
        assertThat(jwks.getKeyByKeyId(before)).isNotNull();
        assertThat(jwks.getKeys()).noneMatch(JWK::isPrivate);
        SignedJWT idToken =
                SignedJWT.parse(DEMO.driver().login(Map.of()).path("id_token").asText());
        assertThat(idToken.getHeader().getKeyID()).isEqualTo(DEMO.provider().currentKeyId());
        assertThat(verifiesWithJwks(idToken)).isTrue();
    }

    @Test
    void badTokenRequestsGetTheRfcErrorAndTheServerKeepsServing() throws Exception {
        HttpResponse<String> wrongType = DEMO.driver()
                .http
                .send(
                        HttpRequest.newBuilder(DEMO.provider().baseUrl().resolve("/token"))
                                .header("Content-Type", "application/json")
                                .POST(HttpRequest.BodyPublishers.ofString("{}"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(ProviderDriver.json(wrongType).path("error").asText()).isEqualTo("invalid_request");
        assertThat(DEMO.driver().get("/token").statusCode()).isEqualTo(405);
        assertThat(error(Map.of("client_id", ProviderDriver.CLIENT))).isEqualTo("invalid_request");
        assertThat(error(Map.of("client_id", ProviderDriver.CLIENT, "grant_type", "password")))
                .isEqualTo("unsupported_grant_type");
        assertThat(error(Map.of("client_id", "nobody", "grant_type", "refresh_token")))
                .isEqualTo("invalid_client");
        assertThat(error(Map.of("grant_type", "refresh_token"))).isEqualTo("invalid_client");
        assertThat(error(Map.of("client_id", ProviderDriver.CLIENT, "grant_type", "authorization_code")))
                .isEqualTo("invalid_request");
        HttpResponse<String> repeated = DEMO.driver()
                .http
                .send(
                        HttpRequest.newBuilder(DEMO.provider().baseUrl().resolve("/token"))
                                .header("Content-Type", "application/x-www-form-urlencoded")
                                .POST(HttpRequest.BodyPublishers.ofString(
                                        "client_id=stormwatch-desktop&grant_type=a&grant_type=b"))
                                .build(),
                        HttpResponse.BodyHandlers.ofString());
        assertThat(ProviderDriver.json(repeated).path("error").asText()).isEqualTo("invalid_request");
        HttpResponse<String> huge = DEMO.driver().postForm("/token", Map.of("client_id", "x".repeat(70_000)), Map.of());
        assertThat(huge.statusCode()).isEqualTo(413);
        assertThat(huge.body()).doesNotContain("Exception");
        assertThat(DEMO.driver().get("/.well-known/openid-configuration").statusCode())
                .isEqualTo(200);
    }

    @Test
    void userinfoWithoutOrWithAMalformedAuthorizationIsChallenged() throws Exception {
        HttpResponse<String> none = DEMO.driver().get("/userinfo");
        assertThat(none.statusCode()).isEqualTo(401);
        assertThat(none.headers().firstValue("WWW-Authenticate").orElseThrow()).startsWith("Bearer realm=");
        assertThat(DEMO.driver().userinfo("Basic", "abc", Map.of()).statusCode())
                .isEqualTo(400);
        assertThat(DEMO.driver().userinfo("Bearer", "not-a-token", Map.of()).statusCode())
                .isEqualTo(401);
    }

    @Test
    void aThrottledExchangeIsNotProcessedSoTheCodeStillWorksAfterwards() throws Exception {
        String code =
                DEMO.driver().signIn(DEMO.driver().authorizeParams(), "alice").get("code");
        DEMO.provider().faults().inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(9)));
        HttpResponse<String> throttled = DEMO.driver().exchange(code, Map.of());
        assertThat(throttled.statusCode()).isEqualTo(429);
        assertThat(throttled.headers().firstValue("Retry-After")).contains("9");
        assertThat(DEMO.driver().exchange(code, Map.of()).statusCode()).isEqualTo(200);
    }

    private static String error(Map<String, String> fields) throws Exception {
        return ProviderDriver.json(DEMO.driver().postForm("/token", fields, Map.of()))
                .path("error")
                .asText();
    }

    private static boolean verifiesWithJwks(SignedJWT jwt) throws Exception {
        JWK key = JWKSet.parse(DEMO.driver().get("/jwks").body())
                .getKeyByKeyId(jwt.getHeader().getKeyID());
        return key instanceof RSAKey rsa
                ? jwt.verify(new RSASSAVerifier(rsa))
                : jwt.verify(new ECDSAVerifier((ECKey) key));
    }

    @Test
    @DisplayName("CA1: discovery lists the registered clients' methods; the confidential client is refused without its"
            + " secret, with a wrong one (Basic or post), and with two methods, each 401 invalid_client with"
            + " WWW-Authenticate: Basic")
    void theConfidentialClientMustAuthenticate() throws Exception {
        JsonNode doc = ProviderDriver.json(DEMO.driver().get("/.well-known/openid-configuration"));
        String id = ClientRegistration.CONFIDENTIAL_CLIENT_ID;
        String secret = ClientRegistration.CONFIDENTIAL_CLIENT_SECRET;
        String wrongBasic = "Basic "
                + java.util.Base64.getEncoder()
                        .encodeToString((id + ":wrong").getBytes(java.nio.charset.StandardCharsets.UTF_8));
        Map<String, String> refresh = Map.of("grant_type", "refresh_token", "refresh_token", "unknown");

        HttpResponse<String> noSecret = DEMO.driver().postForm("/token", withClient(refresh, id), Map.of());
        HttpResponse<String> wrongPost =
                DEMO.driver().postForm("/token", with(withClient(refresh, id), "client_secret", "wrong"), Map.of());
        HttpResponse<String> wrongHeader =
                DEMO.driver().postForm("/token", refresh, Map.of("Authorization", wrongBasic));
        HttpResponse<String> rightBasic = DEMO.driver()
                .postForm(
                        "/token",
                        refresh,
                        Map.of(
                                "Authorization",
                                "Basic "
                                        + java.util.Base64.getEncoder()
                                                .encodeToString((id + ":" + secret)
                                                        .getBytes(java.nio.charset.StandardCharsets.UTF_8))));

        assertThat(doc.path("token_endpoint_auth_methods_supported"))
                .extracting(JsonNode::asText)
                .containsExactly("none", "client_secret_basic", "client_secret_post");
        for (HttpResponse<String> refused : List.of(noSecret, wrongPost, wrongHeader)) {
            assertThat(refused.statusCode()).isEqualTo(401);
            assertThat(ProviderDriver.json(refused).path("error").asText()).isEqualTo("invalid_client");
            assertThat(refused.headers().firstValue("WWW-Authenticate"))
                    .get()
                    .asString()
                    .startsWith("Basic");
            assertThat(refused.body()).doesNotContain(secret);
        }
        // The right secret gets past client authentication to the grant check.
        assertThat(ProviderDriver.json(rightBasic).path("error").asText()).isEqualTo("invalid_grant");
    }

    private static Map<String, String> withClient(Map<String, String> fields, String clientId) {
        return with(fields, "client_id", clientId);
    }

    private static Map<String, String> with(Map<String, String> fields, String name, String value) {
        Map<String, String> all = new java.util.HashMap<>(fields);
        all.put(name, value);
        return all;
    }
}
