package dev.stormwatch.cli;

import static dev.stormwatch.services.SignedInClients.signedIn;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.services.OAuthSessionTokens;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SessionFileTokensTest {

    @Test
    @DisplayName("A2, RFC 9449 §7.1: a DPoP-bound session is refused, never handed out to be sent as Bearer; the"
            + " message says how to sign in without DPoP and shows no token (RC6)")
    void aDpopBoundSessionIsRefused() {
        OAuthSessionTokens tokens = SessionFileTokens.of(signedIn("DPoP"));

        assertThatThrownBy(tokens::currentToken)
                .isInstanceOf(SessionTokenSource.Unavailable.class)
                .hasMessageContaining("DPoP-bound")
                .hasMessageContaining("without --dpop")
                .hasMessageContaining(SessionFileTokens.SIGN_IN)
                .hasMessageNotContaining("at-secret")
                .extracting(e -> ((SessionTokenSource.Unavailable) e).reason())
                .isEqualTo(SessionTokenSource.Unavailable.Reason.DPOP_BOUND);
    }

    @Test
    @DisplayName("A2: a Bearer session's access token is handed out as it is")
    void aBearerSessionsTokenIsHandedOut() {
        OAuthSessionTokens tokens = SessionFileTokens.of(signedIn("Bearer"));

        assertThat(tokens.currentToken().reveal()).isEqualTo("at-secret");
    }
}
