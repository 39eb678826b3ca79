package dev.stormwatch.app.session;

import static dev.stormwatch.services.SignedInClients.signedIn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.services.OAuthSessionTokens;
import dev.stormwatch.services.SignedInClients;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class LoadRunSessionTokensTest {

    @Test
    void beforeSignInTheLoadRunIsToldToSignInOnTheSessionTab() {
        OAuthSessionTokens tokens = new OAuthSessionTokens(Optional::empty, SessionViewModel.LOAD_RUN_ADVICE);

        assertThatThrownBy(tokens::currentToken)
                .isInstanceOf(SessionTokenSource.Unavailable.class)
                .hasMessage("not signed in; sign in on the Session tab first")
                .extracting(e -> ((SessionTokenSource.Unavailable) e).reason())
                .isEqualTo(SessionTokenSource.Unavailable.Reason.NOT_SIGNED_IN);
    }

    @Test
    @DisplayName("A2, RFC 9449 §7.1: a DPoP-bound session is refused, never handed out to be sent as Bearer; the"
            + " message says to sign in without DPoP and shows no token (RC6)")
    void aDpopBoundSessionIsRefused() {
        OAuthSessionTokens tokens =
                new OAuthSessionTokens(() -> Optional.of(signedIn("DPoP")), SessionViewModel.LOAD_RUN_ADVICE);

        assertThatThrownBy(tokens::currentToken)
                .isInstanceOf(SessionTokenSource.Unavailable.class)
                .hasMessageContaining("DPoP-bound")
                .hasMessageContaining("sign in without DPoP")
                .hasMessageNotContaining("at-secret")
                .extracting(e -> ((SessionTokenSource.Unavailable) e).reason())
                .isEqualTo(SessionTokenSource.Unavailable.Reason.DPOP_BOUND);
    }

    @Test
    @DisplayName("A2: a Bearer session's access token is handed out as it is")
    void aBearerSessionsTokenIsHandedOut() {
        OAuthSessionTokens tokens =
                new OAuthSessionTokens(() -> Optional.of(signedIn("Bearer")), SessionViewModel.LOAD_RUN_ADVICE);

        assertThat(tokens.currentToken().reveal()).isEqualTo("at-secret");
    }

    @Test
    @DisplayName("TX4: the window's session bound to a client certificate is refused for a load run, whose clients"
            + " present none; the message names the Client certificate field and shows no token")
    void aCertificateBoundSessionIsRefused() {
        OAuthSessionTokens tokens = new OAuthSessionTokens(
                () -> Optional.of(SignedInClients.signedInWithCertificateBoundToken()),
                SessionViewModel.LOAD_RUN_ADVICE);

        assertThatThrownBy(tokens::currentToken)
                .isInstanceOf(SessionTokenSource.Unavailable.class)
                .hasMessageContaining("bound to a client certificate")
                .hasMessageContaining("Client certificate field")
                .hasMessageNotContaining("c2lnbmF0dXJl")
                .extracting(e -> ((SessionTokenSource.Unavailable) e).reason())
                .isEqualTo(SessionTokenSource.Unavailable.Reason.CERTIFICATE_BOUND);
    }
}
