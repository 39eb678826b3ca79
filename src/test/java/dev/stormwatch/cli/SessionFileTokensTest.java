package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.base.Secret;
import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.oauth.IdTokenClaims;
import dev.stormwatch.oauth.InMemorySessionStore;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Session;
import dev.stormwatch.oauth.TokenSet;
import dev.stormwatch.services.OAuthSessionTokens;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SessionFileTokensTest {

    private static final Instant NOW = Instant.parse("2026-01-01T10:00:00Z");

    @Test
    @DisplayName("A2, RFC 9449 §7.1: a DPoP-bound session is refused, never handed out to be sent as Bearer; the"
            + " message says how to sign in without DPoP and shows no token (RC6)")
    void aDpopBoundSessionIsRefused() {
        OAuthSessionTokens tokens = SessionFileTokens.of(signedIn("DPoP"));

        assertThatThrownBy(tokens::currentToken).isInstanceOf(SessionTokenSource.Unavailable.class)
                .hasMessageContaining("DPoP-bound").hasMessageContaining("without --dpop")
                .hasMessageContaining(SessionFileTokens.SIGN_IN).hasMessageNotContaining("at-secret");
    }

    @Test
    @DisplayName("A2: a Bearer session's access token is handed out as it is")
    void aBearerSessionsTokenIsHandedOut() {
        OAuthSessionTokens tokens = SessionFileTokens.of(signedIn("Bearer"));

        assertThat(tokens.currentToken().reveal()).isEqualTo("at-secret");
    }

    /** A client signed in with a token of {@code tokenType} that is still valid, so no refresh is needed. */
    private static OAuthClient signedIn(String tokenType) {
        InMemorySessionStore store = new InMemorySessionStore();
        store.save(new Session(
                new TokenSet(Secret.of("at-secret"), tokenType, Optional.of(NOW.plusSeconds(3600)),
                        Optional.of(Secret.of("rt-secret")), Secret.of("id"), Optional.of("openid")),
                new IdTokenClaims("https://idp.example", "alice", List.of("app"), NOW.plusSeconds(3600), NOW,
                        Optional.empty(), Map.of())));
        return OAuthClient.builder(OAuthConfig.of("https://idp.example", "app").withDpop(tokenType.equals("DPoP")))
                .clock(Clock.fixed(NOW, ZoneOffset.UTC)).sessionStore(store).build();
    }
}
