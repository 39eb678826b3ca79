package dev.stormwatch.oauth;

import dev.stormwatch.base.Secret;
import java.time.Instant;
import java.util.Optional;

/**
 * The tokens of a session (RFC 6749 §5.1, OIDC Core §3.1.3.3). All secrets redact in {@code toString()}.
 *
 * @param tokenType "Bearer" or "DPoP" (RFC 9449 §5)
 * @param expiresAt when the access token expires, if the provider said (expires_in)
 */
public record TokenSet(
        Secret accessToken,
        String tokenType,
        Optional<Instant> expiresAt,
        Optional<Secret> refreshToken,
        Secret idToken,
        Optional<String> scope) {

    /** Whether the access token is bound to our DPoP key (RFC 9449 §5). */
    public boolean dpopBound() {
        return "DPoP".equalsIgnoreCase(tokenType);
    }

    /** TX2: the client certificate's thumbprint the access token is bound to (RFC 8705 §3), when it says so. */
    public Optional<String> certificateThumbprint() {
        return CertificateBinding.thumbprint(accessToken);
    }
}
