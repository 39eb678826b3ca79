package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stormwatch.testing.FakeClock;
import java.net.http.HttpResponse;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The UserInfo endpoint's answers beside the happy path (OIDC Core §5.3, RFC 6750 §2.1 and §3, RFC 9449 §7), over
 * real sockets on a fake clock.
 */
class UserInfoEndpointEdgesTest {

    private static final FakeClock CLOCK = FakeClock.atNewYear();

    @RegisterExtension
    static final RunningDemoProvider DEMO = new RunningDemoProvider(CLOCK);

    private static String accessToken(String scope) throws Exception {
        String code = DEMO.driver()
                .signIn(ProviderDriver.with(DEMO.driver().authorizeParams(), "scope", scope), "alice")
                .get("code");
        return ProviderDriver.json(DEMO.driver().exchange(code, Map.of()))
                .path("access_token")
                .asText();
    }

    private static String challenge(HttpResponse<String> answer, int status, String error) throws Exception {
        String challenge = challenge(answer, status);
        assertThat(ProviderDriver.json(answer).path("error").asText()).isEqualTo(error);
        return challenge;
    }

    private static String challenge(HttpResponse<String> answer, int status) {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
        assertThat(answer.headers().firstValue("Cache-Control")).contains("no-store");
        String challenge = answer.headers().firstValue("WWW-Authenticate").orElseThrow();
        assertThat(challenge).contains("realm=\"stormwatch-demo\"");
        return challenge;
    }

    @Test
    @DisplayName("The claims follow the scope: openid alone gives sub, profile adds the name and username, email the"
            + " address and its verification; with no-store")
    void theClaimsFollowTheScope() throws Exception {
        JsonNode bare = ProviderDriver.json(DEMO.driver().userinfo("Bearer", accessToken("openid"), Map.of()));
        JsonNode profile =
                ProviderDriver.json(DEMO.driver().userinfo("Bearer", accessToken("openid profile"), Map.of()));
        HttpResponse<String> emailAnswer = DEMO.driver().userinfo("Bearer", accessToken("openid email"), Map.of());
        JsonNode email = ProviderDriver.json(emailAnswer);

        assertThat(bare.toString()).isEqualTo("{\"sub\":\"alice\"}");
        assertThat(profile.toString())
                .isEqualTo("{\"sub\":\"alice\",\"name\":\"Alice Example\",\"preferred_username\":\"alice\"}");
        assertThat(email.toString())
                .isEqualTo("{\"sub\":\"alice\",\"email\":\"alice@example.test\",\"email_verified\":true}");
        assertThat(emailAnswer.headers().firstValue("Cache-Control")).contains("no-store");
    }

    @Test
    @DisplayName("RFC 6750 §2.1: the scheme's case and extra spaces do not matter, POST is served like GET, other"
            + " methods are 405 with Allow")
    void schemeAndMethod() throws Exception {
        String token = accessToken("openid");

        assertThat(DEMO.driver().userinfo("bearer", token, Map.of()).statusCode())
                .isEqualTo(200);
        assertThat(DEMO.driver()
                        .userinfo("BEARER  ", " " + token + "  ", Map.of())
                        .statusCode())
                .isEqualTo(200);
        HttpResponse<String> post =
                DEMO.driver().send("POST", "/userinfo", Map.of("Authorization", "Bearer " + token), "");
        assertThat(post.statusCode()).isEqualTo(200);
        HttpResponse<String> put =
                DEMO.driver().send("PUT", "/userinfo", Map.of("Authorization", "Bearer " + token), "");
        assertThat(put.statusCode()).isEqualTo(405);
        assertThat(put.headers().firstValue("Allow")).contains("GET, POST");
        assertThat(ProviderDriver.json(put).path("error").asText()).isEqualTo("invalid_request");
    }

    @Test
    @DisplayName("RFC 6750 §3.1: no credentials is 401 without an error code, in the challenge or the body; a scheme"
            + " without a token is 400 invalid_request")
    void missingOrIncompleteCredentials() throws Exception {
        HttpResponse<String> unauthenticated = DEMO.driver().get("/userinfo");
        String none = challenge(unauthenticated, 401);
        assertThat(ProviderDriver.json(unauthenticated).has("error"))
                .as(unauthenticated.body())
                .isFalse();
        String schemeOnly = challenge(
                DEMO.driver().send("GET", "/userinfo", Map.of("Authorization", "Bearer"), null),
                400,
                "invalid_request");

        assertThat(none).isEqualTo("Bearer realm=\"stormwatch-demo\"");
        assertThat(schemeOnly).contains("error=\"invalid_request\"").contains("Bearer or DPoP");
    }

    @Test
    @DisplayName("OP4: a Bearer token sent with the DPoP scheme is refused with a DPoP challenge naming the"
            + " algorithms; a DPoP-bound token as Bearer with a Bearer challenge")
    void theSchemeMustMatchTheBinding() throws Exception {
        String bearer = accessToken("openid");
        ProviderDriver.DpopKey key = DEMO.driver().new DpopKey();
        String bound = DEMO.driver()
                .login(Map.of("DPoP", key.proof("POST", "/token", Optional.empty(), Optional.empty())))
                .path("access_token")
                .asText();

        String asDpop = challenge(
                DEMO.driver()
                        .userinfo(
                                "DPoP",
                                bearer,
                                Map.of("DPoP", key.proof("GET", "/userinfo", Optional.empty(), Optional.of(bearer)))),
                401,
                "invalid_token");
        String asBearer = challenge(DEMO.driver().userinfo("Bearer", bound, Map.of()), 401, "invalid_token");

        assertThat(asDpop).startsWith("DPoP ").contains("not DPoP-bound").contains("algs=\"");
        assertThat(asBearer).startsWith("Bearer ").contains("DPoP-bound").doesNotContain("algs=");
    }

    @Test
    @DisplayName(
            "OP4: a DPoP-bound token with a malformed proof, or a proof by another key, is 401" + " invalid_dpop_proof")
    void theProofMustBeValidAndByTheBoundKey() throws Exception {
        ProviderDriver.DpopKey key = DEMO.driver().new DpopKey();
        ProviderDriver.DpopKey other = DEMO.driver().new DpopKey();
        String bound = DEMO.driver()
                .login(Map.of("DPoP", key.proof("POST", "/token", Optional.empty(), Optional.empty())))
                .path("access_token")
                .asText();

        String malformed =
                challenge(DEMO.driver().userinfo("DPoP", bound, Map.of("DPoP", "x.y.z")), 401, "invalid_dpop_proof");
        String otherKey = challenge(
                DEMO.driver()
                        .userinfo(
                                "DPoP",
                                bound,
                                Map.of("DPoP", other.proof("GET", "/userinfo", Optional.empty(), Optional.of(bound)))),
                401,
                "invalid_dpop_proof");

        assertThat(malformed).startsWith("DPoP ").contains("error=\"invalid_dpop_proof\"");
        assertThat(otherKey).contains("error=\"invalid_dpop_proof\"").contains("cnf.jkt");
    }
}
