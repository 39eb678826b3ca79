package dev.stormwatch.oauth;

import java.util.Objects;

/**
 * What the provider did with an RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0, SX1): whether the person's
 * sign-in at the provider was ended and the browser came back to the post-logout redirect URI, and if not, why.
 *
 * @param outcome what happened, as a value
 * @param detail one sentence for the person, holding no token
 */
public record EndSession(Outcome outcome, String detail) {

    /** The ways an RP-initiated logout ends. */
    public enum Outcome {
        /** The provider ended its session and sent the browser back with our state (§3). */
        CONFIRMED,
        /** The provider's discovery document has no end_session_endpoint: nothing was sent. */
        NOT_OFFERED,
        /** There was no session (or no ID token) to end: nothing was sent. */
        NOTHING_TO_END,
        /** The browser could not be opened: the provider's page was not visited. */
        BROWSER_NOT_OPENED,
        /**
         * The browser went to the provider but did not come back within the wait: the person did not confirm, or
         * the provider does not send it back to this post-logout redirect URI (not registered).
         */
        NOT_CONFIRMED,
        /** Discovery failed or the wait was cancelled; the detail says which. */
        FAILED
    }

    public EndSession {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(detail, "detail");
    }

    /** Whether the provider confirmed that its session ended. */
    public boolean confirmed() {
        return outcome == Outcome.CONFIRMED;
    }
}
