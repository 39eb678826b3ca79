package dev.stormwatch.oauth;

import java.util.Objects;

/**
 * A signed-in session: the tokens, the verified claims of the ID token (OIDC Core §3.1.3.7), and the provider and
 * client it belongs to, which every load checks before a token is sent ({@link SessionBinding}).
 */
public record Session(TokenSet tokens, IdTokenClaims claims, SessionBinding binding) {

    public Session {
        Objects.requireNonNull(tokens, "tokens");
        Objects.requireNonNull(claims, "claims");
        Objects.requireNonNull(binding, "binding");
    }

    /** A session bound to what its ID token states ({@link SessionBinding#of(IdTokenClaims)}). */
    public Session(TokenSet tokens, IdTokenClaims claims) {
        this(tokens, claims, SessionBinding.of(claims));
    }
}
