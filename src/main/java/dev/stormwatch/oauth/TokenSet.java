package dev.stormwatch.oauth;

import dev.stormwatch.base.Secret;
import java.time.Instant;
import java.util.Optional;

/**
 * The tokens of a session (RFC 6749 §5.1, OIDC Core §3.1.3.3). All secrets redact in {@code toString()}.
 *
 * @param tokenType "Bearer" or "DPoP" (RFC 9449 §5)
 * @param expiresAt when the access token expires, if the provider said (expires_in)
 * @param refreshExpiresAt when the refresh token expires, if known (SX3: refresh_expires_in, or a JWT refresh
 *     token's exp)
 * @param idToken the ID token; empty for an OAuth 2.0-only session, signed in without {@code openid} (DV9)
 */
public record TokenSet(
        Secret accessToken,
        String tokenType,
        Optional<Instant> expiresAt,
        Optional<Secret> refreshToken,
        Optional<Secret> idToken,
        Optional<String> scope,
        Optional<Instant> refreshExpiresAt) {

    /** Tokens with an ID token. */
    public TokenSet(
            Secret accessToken,
            String tokenType,
            Optional<Instant> expiresAt,
            Optional<Secret> refreshToken,
            Secret idToken,
            Optional<String> scope,
            Optional<Instant> refreshExpiresAt) {
        this(accessToken, tokenType, expiresAt, refreshToken, Optional.of(idToken), scope, refreshExpiresAt);
    }

    /** Tokens with an ID token, whose refresh token's lifetime is unknown. */
    public TokenSet(
            Secret accessToken,
            String tokenType,
            Optional<Instant> expiresAt,
            Optional<Secret> refreshToken,
            Secret idToken,
            Optional<String> scope) {
        this(accessToken, tokenType, expiresAt, refreshToken, Optional.of(idToken), scope, Optional.empty());
    }

    /** These tokens without an ID token: an OAuth 2.0-only session keeps none it did not ask for (DV9). */
    public TokenSet withoutIdToken() {
        return new TokenSet(accessToken, tokenType, expiresAt, refreshToken, Optional.empty(), scope, refreshExpiresAt);
    }

    /** SX3: whether the refresh token is known to have expired at {@code now}: sending it could only be refused. */
    public boolean refreshTokenExpired(Instant now) {
        return refreshExpiresAt.map(at -> !now.isBefore(at)).orElse(false);
    }

    /** Whether the access token is bound to our DPoP key (RFC 9449 §5). */
    public boolean dpopBound() {
        return "DPoP".equalsIgnoreCase(tokenType);
    }

    /** TX2: the client certificate's thumbprint the access token is bound to (RFC 8705 §3), when it says so. */
    public Optional<String> certificateThumbprint() {
        return CertificateBinding.thumbprint(accessToken);
    }
}
