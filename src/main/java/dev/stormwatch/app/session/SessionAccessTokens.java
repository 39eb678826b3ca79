package dev.stormwatch.app.session;

import dev.stormwatch.base.Secret;
import dev.stormwatch.load.options.SessionTokenSource;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.TokenSet;
import dev.stormwatch.retry.CallFailure;
import java.util.Objects;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The window's signed-in session as the load engine's {@link SessionTokenSource}: the Session tab's OAuth
 * client's access token, refreshed by it when expired (one refresh for all virtual clients, F4). Failures say what to
 * do in this window; never a token (RC6).
 */
final class SessionAccessTokens implements SessionTokenSource {

    /** Why a DPoP-bound session cannot authenticate a load run, and what to do instead. */
    static final String DPOP_BOUND = "the session's tokens are DPoP-bound; a load run can only send Bearer tokens:"
            + " sign in without DPoP (Session tab settings) to use the session in a load run";

    private final Supplier<Optional<OAuthClient>> client;

    SessionAccessTokens(Supplier<Optional<OAuthClient>> client) {
        this.client = Objects.requireNonNull(client, "client");
    }

    @Override
    public Secret currentToken() {
        OAuthClient current = client.get().orElseThrow(
                () -> new Unavailable("not signed in; sign in on the Session tab first"));
        TokenSet tokens;
        try {
            tokens = current.tokens();
        } catch (CallFailure.Reauthenticate e) {
            throw new Unavailable("the session has ended (" + e.getMessage() + "); sign in again on the Session tab");
        } catch (CallFailure e) {
            throw new Unavailable("the session's token could not be refreshed (" + e.getMessage() + "); try again"
                    + " later, or sign in again on the Session tab");
        }
        // A2, RFC 9449 §7.1: a DPoP-bound token must travel with a proof; a load run sends only Bearer tokens.
        if (tokens.dpopBound()) {
            throw new Unavailable(DPOP_BOUND);
        }
        return tokens.accessToken();
    }
}
