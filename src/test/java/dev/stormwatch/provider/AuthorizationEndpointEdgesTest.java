package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.testing.FakeClock;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The authorization endpoint's and PAR's answers beside the happy path (RFC 6749 §3.1, §4.1.1, §4.1.2.1; RFC 7636
 * §4.4.1; RFC 9126 §2; RFC 9207), over real sockets on a fake clock.
 */
class AuthorizationEndpointEdgesTest {

    private static final FakeClock CLOCK = FakeClock.atNewYear();
    private static final String QUERY_CLIENT = "query-client";
    private static final String QUERY_REDIRECT = "http://127.0.0.1/callback?app=1";

    @RegisterExtension
    static final RunningDemoProvider DEMO = RunningDemoProvider.withClientsBesideTheDefaults(
            CLOCK,
            new ClientRegistration(
                    QUERY_CLIENT,
                    List.of(URI.create(QUERY_REDIRECT)),
                    List.of(URI.create("http://127.0.0.1/logged-out?app=1"))));

    private static HttpResponse<String> authorize(String name, String value) throws Exception {
        return DEMO.driver().getAuthorize(ProviderDriver.with(DEMO.driver().authorizeParams(), name, value));
    }

    private static String interaction(Map<String, String> params) throws Exception {
        HttpResponse<String> page = DEMO.driver().getAuthorize(params);
        assertThat(page.statusCode()).as(page.body()).isEqualTo(200);
        return ProviderDriver.interaction(page.body());
    }

    private static HttpResponse<String> decide(String interaction, String user, String decision) throws Exception {
        Map<String, String> form = new java.util.LinkedHashMap<>();
        form.put("interaction", interaction);
        if (user != null) {
            form.put("user", user);
        }
        if (decision != null) {
            form.put("decision", decision);
        }
        return DEMO.driver().postForm("/authorize", form, Map.of());
    }

    private static void errorPage(HttpResponse<String> answer, int status, String message) {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(status);
        assertThat(answer.headers().firstValue("Location")).isEmpty();
        assertThat(answer.headers().firstValue("Content-Type")).get().asString().startsWith("text/html");
        assertThat(answer.headers().firstValue("Cache-Control")).contains("no-store");
        assertThat(answer.headers().firstValue("X-Frame-Options")).contains("DENY");
        assertThat(answer.body()).contains("<h1>Sign-in error</h1>").contains(message);
    }

    @Test
    @DisplayName("RFC 6749 §4.1.2.1: a missing, empty or repeated client_id or redirect_uri is an error page, never a"
            + " redirect")
    void anUntrustedClientOrRedirectIsAnErrorPage() throws Exception {
        Map<String, String> noClient = DEMO.driver().authorizeParams();
        noClient.remove("client_id");
        Map<String, String> noRedirect = DEMO.driver().authorizeParams();
        noRedirect.remove("redirect_uri");

        errorPage(DEMO.driver().getAuthorize(noClient), 400, "client_id is missing or repeated");
        errorPage(authorize("client_id", ""), 400, "client_id is missing or repeated");
        errorPage(
                DEMO.driver()
                        .get("/authorize?" + ProviderDriver.form(DEMO.driver().authorizeParams()) + "&client_id=other"),
                400,
                "client_id is missing or repeated");
        errorPage(DEMO.driver().getAuthorize(noRedirect), 400, "redirect_uri is missing or repeated");
        errorPage(
                DEMO.driver()
                        .get("/authorize?" + ProviderDriver.form(DEMO.driver().authorizeParams())
                                + "&redirect_uri=http%3A%2F%2F127.0.0.1%3A2%2Fcallback"),
                400,
                "redirect_uri is missing or repeated");
        errorPage(authorize("redirect_uri", "http://127.0.0.1:1/callback#frag"), 400, "not registered");
        errorPage(authorize("redirect_uri", "http://user@127.0.0.1:1/callback"), 400, "not registered");
        errorPage(authorize("redirect_uri", "http://127.0.0.1:1/callback?x=1"), 400, "not registered");
        errorPage(authorize("redirect_uri", "http://[::1]:1/other"), 400, "not registered");
        errorPage(authorize("redirect_uri", "not a uri"), 400, "not registered");
        errorPage(authorize("redirect_uri", "http://127.0.0.2:1/callback"), 400, "not registered");
        errorPage(authorize("redirect_uri", "https://127.0.0.1:1/callback"), 400, "not registered");
        assertThat(authorize("redirect_uri", "http://[::1]:4711/callback").statusCode())
                .as("AR3: the IPv6 loopback literal on any port")
                .isEqualTo(200);
    }

    @Test
    @DisplayName("RFC 6749 §4.1.2.1: with a trusted redirect, a repeated parameter, another response_type, no PKCE"
            + " method or plain, and a challenge that is not 43 base64url characters are redirected errors with"
            + " state and iss")
    void aWrongRequestIsRedirectedWithItsError() throws Exception {
        Map<String, String> noMethod = DEMO.driver().authorizeParams();
        noMethod.remove("code_challenge_method");

        List<Map.Entry<String, HttpResponse<String>>> answers = List.of(
                Map.entry(
                        "invalid_request:scope is repeated",
                        DEMO.driver()
                                .get("/authorize?"
                                        + ProviderDriver.form(DEMO.driver().authorizeParams()) + "&scope=openid")),
                Map.entry("unsupported_response_type:only response_type=code", authorize("response_type", "token")),
                Map.entry(
                        "invalid_request:code_challenge_method must be S256",
                        DEMO.driver().getAuthorize(noMethod)),
                Map.entry(
                        "invalid_request:code_challenge_method must be S256",
                        authorize("code_challenge_method", "plain")),
                Map.entry("invalid_request:43 base64url", authorize("code_challenge", "a".repeat(42))),
                Map.entry("invalid_request:code_challenge is required", authorize("code_challenge", "")));
        for (Map.Entry<String, HttpResponse<String>> answer : answers) {
            Map<String, String> redirect = ProviderDriver.redirectQuery(answer.getValue());
            String[] expected = answer.getKey().split(":", 2);
            assertThat(redirect.get("_location")).startsWith(ProviderDriver.REDIRECT + "?error");
            assertThat(redirect)
                    .containsEntry("error", expected[0])
                    .containsEntry("state", "st-1")
                    .containsEntry("iss", DEMO.provider().issuer().toString());
            assertThat(redirect.get("error_description")).contains(expected[1]);
            assertThat(answer.getValue().headers().firstValue("Cache-Control")).contains("no-store");
        }
    }

    @Test
    @DisplayName("Without state the redirect carries none; without scope the request is for openid; a redirect URI"
            + " with a query keeps it and adds the code after '&'")
    void theRedirectKeepsTheClientsQueryAndAddsOnlyWhatWasAsked() throws Exception {
        Map<String, String> params = DEMO.driver().authorizeParams();
        params.remove("state");
        params.remove("scope");
        params.put("client_id", QUERY_CLIENT);
        params.put("redirect_uri", QUERY_REDIRECT);

        HttpResponse<String> page = DEMO.driver().getAuthorize(params);
        assertThat(page.body()).contains("(scope: openid)");
        Map<String, String> redirect =
                ProviderDriver.redirectQuery(decide(ProviderDriver.interaction(page.body()), "alice", "allow"));

        assertThat(redirect.get("_location")).startsWith(QUERY_REDIRECT + "&code=");
        assertThat(redirect).containsOnlyKeys("app", "code", "iss", "_location");
        Map<String, String> noState = DEMO.driver().authorizeParams();
        noState.remove("state");
        assertThat(ProviderDriver.redirectQuery(authorize("response_type", "token"))
                        .get("_location"))
                .contains("state=st-1");
        assertThat(ProviderDriver.redirectQuery(
                        DEMO.driver().getAuthorize(ProviderDriver.with(noState, "response_type", "x"))))
                .doesNotContainKey("state");
    }

    @Test
    @DisplayName("The sign-in form posts back once: without a user, with an unknown one or no decision it is refused"
            + " and can still be completed; completed or denied, it cannot be posted again")
    void theSignInFormCompletesOnce() throws Exception {
        String interaction = interaction(DEMO.driver().authorizeParams());

        errorPage(decide(interaction, null, "allow"), 400, "choose a demo user");
        errorPage(decide(interaction, "mallory", "allow"), 400, "choose a demo user");
        errorPage(decide(interaction, "alice", null), 400, "choose a demo user");
        errorPage(decide(interaction, "alice", "maybe"), 400, "choose a demo user");
        Map<String, String> redirect = ProviderDriver.redirectQuery(decide(interaction, "bob", "allow"));
        errorPage(decide(interaction, "bob", "allow"), 400, "expired or was already completed");

        JsonNode tokens = ProviderDriver.json(DEMO.driver().exchange(redirect.get("code"), Map.of()));
        assertThat(SignedJWT.parse(tokens.path("id_token").asText())
                        .getJWTClaimsSet()
                        .getSubject())
                .isEqualTo("bob");
        String denied = interaction(DEMO.driver().authorizeParams());
        assertThat(ProviderDriver.redirectQuery(decide(denied, null, "deny"))).containsEntry("error", "access_denied");
        errorPage(decide(denied, "alice", "allow"), 400, "expired or was already completed");
        errorPage(decide("never-issued", "alice", "allow"), 400, "expired or was already completed");
        errorPage(
                DEMO.driver().postForm("/authorize", Map.of("user", "alice", "decision", "allow"), Map.of()),
                400,
                "expired");
    }

    @Test
    @DisplayName("The sign-in page lives ten minutes: one millisecond before it completes, at ten minutes it is"
            + " expired")
    void theSignInPageExpiresAfterTenMinutes() throws Exception {
        String early = interaction(DEMO.driver().authorizeParams());
        String late = interaction(DEMO.driver().authorizeParams());

        CLOCK.advance(Duration.ofMinutes(10).minusMillis(1));
        assertThat(decide(early, "alice", "allow").statusCode()).isEqualTo(302);
        CLOCK.advance(Duration.ofMillis(1));
        errorPage(decide(late, "alice", "allow"), 400, "expired");
    }

    @Test
    @DisplayName("The authorization endpoint takes GET and the form's POST only: PUT is 405 with Allow, a POST that is"
            + " not a form 415")
    void onlyGetAndTheFormsPost() throws Exception {
        HttpResponse<String> put = DEMO.driver().send("PUT", "/authorize", Map.of(), "x");
        HttpResponse<String> json =
                DEMO.driver().send("POST", "/authorize", Map.of("Content-Type", "application/json"), "{}");

        errorPage(put, 405, "use GET");
        assertThat(put.headers().firstValue("Allow")).contains("GET, POST");
        errorPage(json, 415, "x-www-form-urlencoded");
    }

    @Test
    @DisplayName("RFC 9126 §2: PAR refuses a request_uri inside a push, an untrusted redirect and a wrong request as"
            + " JSON errors, answers 201 with no-store, and its request_uri lives sixty seconds")
    void pushedRequestEdges() throws Exception {
        HttpResponse<String> nested = DEMO.driver()
                .postForm(
                        "/par", ProviderDriver.with(DEMO.driver().authorizeParams(), "request_uri", "urn:x"), Map.of());
        HttpResponse<String> untrusted = DEMO.driver()
                .postForm(
                        "/par",
                        ProviderDriver.with(DEMO.driver().authorizeParams(), "redirect_uri", "https://evil.example/"),
                        Map.of());
        HttpResponse<String> wrongType = DEMO.driver()
                .postForm(
                        "/par",
                        ProviderDriver.with(DEMO.driver().authorizeParams(), "response_type", "token"),
                        Map.of());
        HttpResponse<String> pushed =
                DEMO.driver().postForm("/par", DEMO.driver().authorizeParams(), Map.of());

        assertThat(nested.statusCode()).isEqualTo(400);
        assertThat(ProviderDriver.json(nested).path("error_description").asText())
                .contains("request_uri");
        assertThat(untrusted.statusCode()).isEqualTo(400);
        assertThat(ProviderDriver.json(untrusted).path("error").asText()).isEqualTo("invalid_request");
        assertThat(ProviderDriver.json(untrusted).path("error_description").asText())
                .contains("not registered");
        assertThat(wrongType.statusCode()).isEqualTo(400);
        assertThat(ProviderDriver.json(wrongType).path("error").asText()).isEqualTo("unsupported_response_type");
        assertThat(pushed.statusCode()).isEqualTo(201);
        assertThat(pushed.headers().firstValue("Cache-Control")).contains("no-store");
        String requestUri = ProviderDriver.json(pushed).path("request_uri").asText();
        assertThat(requestUri).startsWith("urn:ietf:params:oauth:request_uri:");

        CLOCK.advance(Duration.ofSeconds(60).minusMillis(1));
        HttpResponse<String> page =
                DEMO.driver().getAuthorize(Map.of("client_id", ProviderDriver.CLIENT, "request_uri", requestUri));
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("(scope: openid profile email)");
    }
}
