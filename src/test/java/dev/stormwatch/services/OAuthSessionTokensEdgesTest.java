package dev.stormwatch.services;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.load.options.SessionTokenSource.Unavailable;
import dev.stormwatch.oauth.InMemorySessionStore;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.OAuthConfig;
import java.net.ServerSocket;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** How {@link OAuthSessionTokens} turns the OAuth client's failures into the load run's words (F2, RC6). */
class OAuthSessionTokensEdgesTest {

    private static final OAuthSessionTokens.Advice ADVICE =
            new OAuthSessionTokens.Advice("sign in first", "sign in again", "no DPoP", "no certificate");

    private static Unavailable unavailable(OAuthClient client) {
        OAuthSessionTokens tokens = new OAuthSessionTokens(() -> Optional.of(client), ADVICE);
        Throwable thrown = org.assertj.core.api.Assertions.catchThrowable(tokens::currentToken);
        assertThat(thrown).isInstanceOf(Unavailable.class);
        return (Unavailable) thrown;
    }

    @Test
    @DisplayName("A client without a session has no session that ended: it says to sign in first")
    void aClientWithoutASessionSaysSignInFirst() {
        OAuthClient signedOut = OAuthClient.builder(OAuthConfig.of("https://idp.example", "app"))
                .sessionStore(new InMemorySessionStore())
                .build();

        Unavailable refused = unavailable(signedOut);

        assertThat(refused.reason()).isEqualTo(Unavailable.Reason.NOT_SIGNED_IN);
        assertThat(refused.getMessage()).isEqualTo("sign in first");
    }

    @Test
    @DisplayName("F3: a session whose refresh the provider refuses (invalid_grant, a refresh token it never issued) has"
            + " ended, and the words say to sign in again")
    void aRefusedRefreshIsASessionThatEnded() throws Exception {
        try (dev.stormwatch.provider.DemoProvider provider =
                dev.stormwatch.provider.DemoProvider.start(dev.stormwatch.provider.ProviderConfig.defaults())) {
            OAuthClient expired = SignedInClients.signedInWithExpiredToken(
                    provider.issuer().toString(), dev.stormwatch.provider.ClientRegistration.DESKTOP_CLIENT_ID);

            Unavailable refused = unavailable(expired);

            assertThat(refused.reason()).isEqualTo(Unavailable.Reason.SESSION_ENDED);
            assertThat(refused.getMessage())
                    .startsWith("the session has ended (")
                    .contains("invalid_grant")
                    .endsWith("); sign in again")
                    .doesNotContain(SignedInClients.ACCESS_TOKEN);
        }
    }

    @Test
    @DisplayName("F2: a refresh that fails at a provider that cannot be reached is a refresh that failed, to try again"
            + " later or sign in again; no token is in the message (RC6)")
    void aFailedRefreshSaysTryAgainLater() throws Exception {
        int closedPort;
        try (ServerSocket free = new ServerSocket(0)) {
            closedPort = free.getLocalPort();
        }
        OAuthClient expired = SignedInClients.signedInWithExpiredToken("http://127.0.0.1:" + closedPort);

        Unavailable refused = unavailable(expired);

        assertThat(refused.reason()).isEqualTo(Unavailable.Reason.REFRESH_FAILED);
        assertThat(refused.getMessage())
                .startsWith("the session's token could not be refreshed (")
                .endsWith("); try again later, or sign in again")
                .doesNotContain(SignedInClients.ACCESS_TOKEN);
    }

    @Test
    @DisplayName("The advice and the client are required; each message of the advice is kept as given")
    void theAdviceIsComplete() {
        assertThatThrownBy(() -> new OAuthSessionTokens.Advice(null, "b", "c", "d"))
                .hasMessage("notSignedIn");
        assertThatThrownBy(() -> new OAuthSessionTokens.Advice("a", null, "c", "d"))
                .hasMessage("signInAgain");
        assertThatThrownBy(() -> new OAuthSessionTokens.Advice("a", "b", null, "d"))
                .hasMessage("dpopBound");
        assertThatThrownBy(() -> new OAuthSessionTokens.Advice("a", "b", "c", null))
                .hasMessage("certificateBound");
        assertThatThrownBy(() -> new OAuthSessionTokens(null, ADVICE)).hasMessage("client");
        assertThatThrownBy(() -> new OAuthSessionTokens(Optional::empty, null)).hasMessage("advice");
        assertThat(unavailable(SignedInClients.signedIn("DPoP")).getMessage()).isEqualTo("no DPoP");
        assertThat(unavailable(SignedInClients.signedInWithCertificateBoundToken())
                        .getMessage())
                .isEqualTo("no certificate");
        SessionTokenSource none = new OAuthSessionTokens(Optional::empty, ADVICE);
        assertThatThrownBy(none::currentToken).hasMessage("sign in first");
    }
}
