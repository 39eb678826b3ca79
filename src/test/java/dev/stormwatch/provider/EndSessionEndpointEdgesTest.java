package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The end-session endpoint (OpenID Connect RP-Initiated Logout 1.0 §2, §3) beside the cases the end-to-end tests
 * take: which client a request names, which hints it trusts, and how it builds the redirect.
 */
class EndSessionEndpointEdgesTest {

    private static final FakeClock CLOCK = FakeClock.atNewYear();
    private static final String QUERY_CLIENT = "query-client";

    @RegisterExtension
    static final RunningDemoProvider DEMO = RunningDemoProvider.withClientsBesideTheDefaults(
            CLOCK,
            new ClientRegistration(
                    QUERY_CLIENT,
                    List.of(URI.create("http://127.0.0.1/callback")),
                    List.of(URI.create("http://127.0.0.1/logged-out?app=1"))));

    private static HttpResponse<String> logout(Map<String, String> params) throws Exception {
        return DEMO.driver().get("/logout?" + ProviderDriver.form(params));
    }

    private static String location(HttpResponse<String> answer) {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(302);
        assertThat(answer.headers().firstValue("Cache-Control")).contains("no-store");
        return answer.headers().firstValue("Location").orElseThrow();
    }

    @Test
    @DisplayName("SX2: a client named by client_id alone is sent to its registered URI; without state nothing is"
            + " added; a URI with a query gets the state after '&'")
    void theClientIdAloneNamesTheClient() throws Exception {
        assertThat(location(logout(Map.of(
                        "client_id", ProviderDriver.CLIENT, "post_logout_redirect_uri", "http://[::1]:5/logged-out"))))
                .isEqualTo("http://[::1]:5/logged-out");
        assertThat(location(logout(Map.of(
                        "client_id",
                        QUERY_CLIENT,
                        "post_logout_redirect_uri",
                        "http://127.0.0.1/logged-out?app=1",
                        "state",
                        "s&t"))))
                .isEqualTo("http://127.0.0.1/logged-out?app=1&state=s%26t");
    }

    @Test
    @DisplayName("SX2: without a client (no client_id, no hint) or with an unknown one, a redirect URI is refused with"
            + " 400 and no redirect; without a redirect URI the signed-out page shows")
    void noKnownClientNoRedirect() throws Exception {
        HttpResponse<String> anonymous = logout(Map.of("post_logout_redirect_uri", "http://127.0.0.1/logged-out"));
        HttpResponse<String> unknown =
                logout(Map.of("client_id", "nobody", "post_logout_redirect_uri", "http://127.0.0.1/logged-out"));
        HttpResponse<String> otherClients =
                logout(Map.of("client_id", QUERY_CLIENT, "post_logout_redirect_uri", "http://127.0.0.1/logged-out"));
        HttpResponse<String> page = logout(Map.of("client_id", ProviderDriver.CLIENT, "state", "x"));

        for (HttpResponse<String> refused : List.of(anonymous, unknown, otherClients)) {
            assertThat(refused.statusCode()).isEqualTo(400);
            assertThat(refused.headers().firstValue("Location")).isEmpty();
            assertThat(refused.body()).contains("post_logout_redirect_uri is not registered");
        }
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("id=\"signed-out\"");
        assertThat(page.headers().firstValue("Location")).isEmpty();
    }

    @Test
    @DisplayName("SX2: an ID token signed by a key retired by one rotation still names its client; after the second"
            + " rotation, or with a text that is no JWT, the hint is refused")
    void aHintMustBeSignedByAKeyStillPublished() throws Exception {
        String idToken = DEMO.driver().login(Map.of()).path("id_token").asText();
        Map<String, String> withHint =
                Map.of("id_token_hint", idToken, "post_logout_redirect_uri", "http://127.0.0.1:7/logged-out");

        DEMO.provider().rotateKeys();
        assertThat(location(logout(withHint))).isEqualTo("http://127.0.0.1:7/logged-out");
        DEMO.provider().rotateKeys();
        HttpResponse<String> retired = logout(withHint);
        HttpResponse<String> garbage = logout(Map.of("id_token_hint", "garbage"));

        for (HttpResponse<String> refused : List.of(retired, garbage)) {
            assertThat(refused.statusCode()).isEqualTo(400);
            assertThat(refused.body()).contains("id_token_hint is not an ID token issued by this provider");
        }
    }

    @Test
    @DisplayName("SX2: an access token of ours, signed by our key but not for a client, is no ID token hint for"
            + " another client's redirect")
    void theHintsAudienceIsTheClient() throws Exception {
        String accessToken = DEMO.driver().login(Map.of()).path("access_token").asText();

        HttpResponse<String> answer =
                logout(Map.of("id_token_hint", accessToken, "post_logout_redirect_uri", "http://127.0.0.1/logged-out"));

        assertThat(answer.statusCode()).isEqualTo(400);
        assertThat(answer.body()).contains("id_token_hint is not an ID token issued by this provider");
        assertThat(answer.headers().firstValue("Location")).isEmpty();
    }

    @Test
    @DisplayName("SX2: a client_id beside an ID token hint must be the client the token was issued to; the same"
            + " client is sent to its URI")
    void theClientIdMustBeTheHintsClient() throws Exception {
        String idToken = DEMO.driver().login(Map.of()).path("id_token").asText();

        HttpResponse<String> other = logout(Map.of(
                "id_token_hint",
                idToken,
                "client_id",
                QUERY_CLIENT,
                "post_logout_redirect_uri",
                "http://127.0.0.1/logged-out?app=1"));
        HttpResponse<String> same = logout(Map.of(
                "id_token_hint",
                idToken,
                "client_id",
                ProviderDriver.CLIENT,
                "post_logout_redirect_uri",
                "http://127.0.0.1:7/logged-out"));

        assertThat(other.statusCode()).isEqualTo(400);
        assertThat(other.body()).contains("client_id is not the client the id_token_hint was issued to");
        assertThat(other.headers().firstValue("Location")).isEmpty();
        assertThat(location(same)).isEqualTo("http://127.0.0.1:7/logged-out");
    }
}
