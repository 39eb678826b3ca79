package dev.stormwatch.oauth;

import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The verified claims of an ID token (OIDC Core §2), for display and for the {@code sub} checks of refresh
 * (§12.2) and userinfo (§5.3.2). {@code other} holds the remaining claims as the provider sent them.
 */
public record IdTokenClaims(
        String issuer,
        String subject,
        List<String> audience,
        Instant expiresAt,
        Instant issuedAt,
        Optional<String> nonce,
        Map<String, Object> other) {

    public IdTokenClaims {
        audience = List.copyOf(audience);
        other = Map.copyOf(other);
    }
}
