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
     * No token can be had, and why ({@link #reason()}). The message says what to do (for example how to sign in) and
     * never holds a token (RC6).
     *
     * <p>Unchecked because it crosses OkHttp's call, which carries only {@link java.io.IOException}s, between the
     * adapter that throws it and the load engine that reports it; its reason keeps it typed on the way.
     */
    final class Unavailable extends RuntimeException {

        private static final long serialVersionUID = 1L;

        /** Why no token can be had. */
        public enum Reason {
            /** Nobody signed in. */
            NOT_SIGNED_IN,
            /** The provider ended the session (invalid_grant): only signing in again helps. */
            SESSION_ENDED,
            /** The refresh failed for now (network, overload): trying later may help. */
            REFRESH_FAILED,
            /** The token is DPoP-bound, and a load run sends only Bearer tokens. */
            DPOP_BOUND,
            /** The token is bound to a client certificate (TX4), and a load run presents none. */
            CERTIFICATE_BOUND
        }

        private final Reason reason;

        public Unavailable(Reason reason, String message) {
            super(message, null, false, false); // expected under load: no stack trace to fill
            this.reason = java.util.Objects.requireNonNull(reason, "reason");
        }

        /** Why no token can be had. */
        public Reason reason() {
            return reason;
        }
    }
}
