package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

class AuthorizationRequestTest {

    private final LoginSecrets secrets = LoginSecrets.generate(PkceTest.seeded(7));
    private final AuthorizationRequest request =
            new AuthorizationRequest("app", URI.create("http://127.0.0.1:5555/callback"), "openid profile", secrets);

    @Test
    void plainRequestCarriesCodeFlowPkceStateAndNonce() {
        URI url = request.browserUrl(URI.create("https://login.example.com/auth?tenant=a"));

        Map<String, java.util.List<String>> q = LoopbackReceiver.parseQuery(url.getRawQuery());
        assertThat(q.get("tenant")).containsExactly("a");
        assertThat(q.get("response_type")).containsExactly("code");
        assertThat(q.get("code_challenge_method")).containsExactly("S256");
        assertThat(q.get("code_challenge")).containsExactly(secrets.pkce().challenge());
        assertThat(q.get("state")).containsExactly(secrets.state().reveal());
        assertThat(q.get("nonce")).containsExactly(secrets.nonce().reveal());
        assertThat(q.get("redirect_uri")).containsExactly("http://127.0.0.1:5555/callback");
        assertThat(q.get("scope")).containsExactly("openid profile");
        assertThat(q).doesNotContainKey("code_verifier");
    }

    @Test
    void pushedRequestUrlCarriesOnlyClientIdAndRequestUri() {
        URI url = request.browserUrlForPushed(
                URI.create("https://login.example.com/auth"), "urn:ietf:params:oauth:request_uri:x");

        assertThat(LoopbackReceiver.parseQuery(url.getRawQuery())).containsOnlyKeys("client_id", "request_uri");
    }

    private static ProviderMetadata metadata(boolean issAdvertised) {
        return new ProviderMetadata(
                new Issuer("https://login.example.com"),
                URI.create("https://login.example.com/a"),
                URI.create("https://login.example.com/t"),
                URI.create("https://login.example.com/j"),
                java.util.Optional.empty(),
                java.util.Optional.empty(),
                java.util.Optional.empty(),
                false,
                issAdvertised,
                java.util.List.of(),
                java.util.List.of(),
                java.util.List.of(),
                java.util.List.of());
    }

    @Test
    void wrongIssInTheRedirectIsAProtocolError() {
        AuthorizationRedirect redirect =
                new AuthorizationRedirect(Map.of("code", "c", "iss", "https://evil.example.com"));

        assertThatThrownBy(() -> AuthorizationResponseCheck.codeFrom(redirect, metadata(false)))
                .hasMessageStartingWith("iss");
    }

    @Test
    void missingIssIsRefusedWhenTheProviderAdvertisesIt() {
        AuthorizationRedirect redirect = new AuthorizationRedirect(Map.of("code", "c"));

        assertThatThrownBy(() -> AuthorizationResponseCheck.codeFrom(redirect, metadata(true)))
                .hasMessageStartingWith("iss");
        assertThat(AuthorizationResponseCheck.codeFrom(redirect, metadata(false))
                        .reveal())
                .isEqualTo("c");
    }

    @Test
    void matchingIssYieldsTheCode() {
        AuthorizationRedirect redirect =
                new AuthorizationRedirect(Map.of("code", "c", "iss", "https://login.example.com"));

        assertThat(AuthorizationResponseCheck.codeFrom(redirect, metadata(true)).reveal())
                .isEqualTo("c");
    }

    @Test
    @org.junit.jupiter.api.DisplayName(
            "A provider's error and error_description cannot put escape sequences on a terminal")
    void providerErrorTextIsPrintedInert() {
        AuthorizationRedirect redirect = new AuthorizationRedirect(Map.of(
                "error", "server_error\u001b[2J", "error_description", "retry\u001b]0;owned\u0007 \u202Etxt.exe"));

        assertThatThrownBy(() -> AuthorizationResponseCheck.codeFrom(redirect, metadata(false)))
                .satisfies(e -> assertThat(e.getMessage())
                        .doesNotContain("\u001b", "\u0007", "\u202E")
                        .contains("server_error\\u001B[2J")
                        .contains("retry\\u001B]0;owned\\u0007 \\u202Etxt.exe"));
    }

    @Test
    @org.junit.jupiter.api.DisplayName("A hostile iss in the redirect is quoted inert in the error")
    void hostileIssIsQuotedInert() {
        AuthorizationRedirect redirect =
                new AuthorizationRedirect(Map.of("code", "c", "iss", "https://evil.example\u009b31m\u2066"));

        assertThatThrownBy(() -> AuthorizationResponseCheck.codeFrom(redirect, metadata(false)))
                .satisfies(e -> assertThat(e.getMessage())
                        .doesNotContain("\u009b", "\u2066")
                        .contains("https://evil.example\\u009B31m\\u2066"));
    }
}
