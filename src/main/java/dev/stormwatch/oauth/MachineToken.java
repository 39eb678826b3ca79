package dev.stormwatch.oauth;

import dev.stormwatch.base.Secret;
import java.time.Instant;
import java.util.Optional;

/**
 * An access token a client got for itself with the client credentials grant (RFC 6749 §4.4): no user, no ID token,
 * no refresh token (§4.4.3), never stored in a session (CA7).
 *
 * @param accessToken the token, redacted wherever printed
 * @param tokenType "Bearer" or "DPoP"
 * @param expiresAt when it expires, if the provider said
 * @param scope the granted scope, if the provider said
 */
public record MachineToken(Secret accessToken, String tokenType, Optional<Instant> expiresAt, Optional<String> scope) {

    /** TX2: the client certificate's thumbprint the token is bound to (RFC 8705 §3), when it says so. */
    public Optional<String> certificateThumbprint() {
        return CertificateBinding.thumbprint(accessToken);
    }
}
