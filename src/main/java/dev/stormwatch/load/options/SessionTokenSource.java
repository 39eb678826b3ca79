package dev.stormwatch.load.options;

import dev.stormwatch.base.Secret;

/**
 * The load engine's port to the OAuth session, for a target that wants the signed-in session's token rather than an
 * API key: the current access token, refreshed first when it expired. The load engine may not use the OAuth client
 * (docs/architecture.md), so the composition root (CLI, app) adapts {@code OAuthClient.tokens()} to this, refusing a
 * DPoP-bound token that a load run could not send.
 *
 * <p>Asked once before the run and once per attempt, so that a refresh is picked up at once (A2); the adapter's OAuth
 * client makes concurrent callers share one refresh (F4), so a thousand virtual clients cause one refresh, not a
 * thousand.
 */
@FunctionalInterface
public interface SessionTokenSource {

    /**
     * The session's current access token; may block for a refresh.
     *
     * @throws Unavailable when there is no session, or it could not be refreshed
     */
    Secret currentToken();

    /**
     * No token can be had: not signed in, the grant is gone, or the refresh failed. The message says what to do
     * (for example how to sign in) and never holds a token (RC6).
     */
    final class Unavailable extends RuntimeException {

        private static final long serialVersionUID = 1L;

        public Unavailable(String message) {
            super(message, null, false, false); // expected under load: no stack trace to fill
        }
    }
}
