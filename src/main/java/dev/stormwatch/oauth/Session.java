package dev.stormwatch.oauth;

import java.util.Objects;
import java.util.Optional;

/**
 * A signed-in session: the tokens, the verified claims of the ID token (OIDC Core §3.1.3.7), and the provider and
 * client it belongs to, which every load checks before a token is sent ({@link SessionBinding}).
 *
 * <p>A session signed in without {@code openid} in its scopes has no ID token and so no claims: it is an OAuth 2.0-only
 * session (DV9), bound to its issuer and client id alone; what needs OpenID Connect refuses it (DV10).
 *
 * @param claims the verified claims of the ID token; empty for an OAuth 2.0-only session
 */
public record Session(TokenSet tokens, Optional<IdTokenClaims> claims, SessionBinding binding) {

    /** DV9: what a session without an ID token shows in place of claims, in the window and on the command line. */
    public static final String OAUTH_ONLY = "No ID token: OAuth 2.0 only (the scopes have no openid)";

    public Session {
        Objects.requireNonNull(tokens, "tokens");
        Objects.requireNonNull(claims, "claims");
        Objects.requireNonNull(binding, "binding");
    }

    /** An OpenID Connect session: its ID token verified into {@code claims}. */
    public Session(TokenSet tokens, IdTokenClaims claims, SessionBinding binding) {
        this(tokens, Optional.of(claims), binding);
    }

    /** A session bound to what its ID token states ({@link SessionBinding#of(IdTokenClaims)}). */
    public Session(TokenSet tokens, IdTokenClaims claims) {
        this(tokens, claims, SessionBinding.of(claims));
    }

    /** Whether the session has an ID token (OpenID Connect) rather than being OAuth 2.0 only (DV9). */
    public boolean openId() {
        return claims.isPresent();
    }

    /** The subject as the ID token states it; empty for an OAuth 2.0-only session, whose subject is unknown (DV9). */
    public Optional<String> subject() {
        return claims.map(IdTokenClaims::subject);
    }
}
