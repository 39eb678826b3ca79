package dev.stormwatch.load.options;

import dev.stormwatch.base.Secret;

/** How a load run authenticates to its target (an API key or the OAuth session's token); RC6 keeps it out of reports. */
public sealed interface TargetCredential {

    /** No credential: the embedded relay, or a gateway that needs none. */
    record None() implements TargetCredential {}

    /** A static API key, sent as a bearer token; a blank key authenticates nobody, so it is refused. */
    record ApiKey(Secret key) implements TargetCredential {
        public ApiKey {
            java.util.Objects.requireNonNull(key, "key");
            if (key.reveal().isBlank()) {
                throw new IllegalArgumentException("an API key cannot be blank");
            }
        }
    }

    /**
     * The access token of the signed-in OAuth session, fetched before the run and on every attempt (refreshed by the
     * OAuth client when it expired), sent as a bearer token.
     */
    record OAuthSessionToken(SessionTokenSource tokens) implements TargetCredential {
        public OAuthSessionToken {
            java.util.Objects.requireNonNull(tokens, "tokens");
        }
    }

    /** How reports describe it: the kind, never the value. */
    default String describe() {
        if (this instanceof ApiKey) {
            return "API key " + Secret.REDACTED;
        }
        if (this instanceof OAuthSessionToken) {
            return "OAuth session token " + Secret.REDACTED;
        }
        return "none";
    }
}
