package dev.stormwatch.oauth;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stormwatch.base.Secret;
import java.time.Instant;
import java.util.Locale;
import java.util.Optional;

/** Reads a successful token response (RFC 6749 §5.1, OIDC Core §3.1.3.3, RFC 9449 §5) into a {@link TokenSet}. */
final class TokenResponse {

    /** One year: longer access-token lifetimes are read as one year. */
    static final long MAX_LIFETIME_SECONDS = 365L * 24 * 3600;

    private TokenResponse() {}

    /**
     * @param previous the session being refreshed: its refresh token stays when none is returned, its ID token when
     *     the provider sends no new one (RFC 6749 §6, OIDC Core §12.2)
     */
    static TokenSet read(JsonNode body, String step, Instant now, boolean dpopRequested, Optional<TokenSet> previous) {
        String accessToken = text(body, "access_token")
                .orElseThrow(() -> Failures.protocol(step, "the token response has no access_token"));
        String tokenType = text(body, "token_type")
                .orElseThrow(() -> Failures.protocol(step, "the token response has no token_type"));
        String normalized = tokenType.toLowerCase(Locale.ROOT);
        if (!normalized.equals("bearer") && !normalized.equals("dpop")) {
            throw Failures.protocol(step, "the token type '" + tokenType + "' is not supported (Bearer or DPoP)");
        }
        // RFC 9449 §5: a client that sent a proof expects a DPoP token; a bearer one could be replayed by a thief.
        if (dpopRequested && !normalized.equals("dpop")) {
            throw Failures.protocol(step, "DPoP was requested but the provider issued a " + tokenType + " token");
        }
        // RFC 6749 §5.1 says a number; some providers send it as a string, which asLong() also reads.
        // A lifetime beyond a year is the provider's way of saying "long": capped, so no instant overflows (E1).
        long expiresIn = Math.min(body.path("expires_in").asLong(0), MAX_LIFETIME_SECONDS);
        Optional<Instant> expiresAt = expiresIn > 0 ? Optional.of(now.plusSeconds(expiresIn)) : Optional.empty();
        // F: a rotated refresh token replaces the stored one; a missing one keeps it.
        Optional<Secret> refreshToken =
                text(body, "refresh_token").map(Secret::of).or(() -> previous.flatMap(TokenSet::refreshToken));
        // Whether an ID token must be here is the caller's to say: only when the scopes asked for openid (DV9).
        Optional<Secret> idToken = text(body, "id_token").map(Secret::of).or(() -> previous.flatMap(TokenSet::idToken));
        return new TokenSet(
                Secret.of(accessToken),
                normalized.equals("dpop") ? "DPoP" : "Bearer",
                expiresAt,
                refreshToken,
                idToken,
                text(body, "scope"),
                refreshExpiresAt(body, now, previous));
    }

    /**
     * SX3: the refresh token's own lifetime: {@code refresh_expires_in} seconds from now (Keycloak; 0 means none
     * stated, as Keycloak's offline tokens), else the {@code exp} of a refresh token that is a JWT (read, not
     * verified: it is the provider's note to itself). A response without a new refresh token keeps the old one's.
     */
    static Optional<Instant> refreshExpiresAt(JsonNode body, Instant now, Optional<TokenSet> previous) {
        Optional<String> fresh = text(body, "refresh_token");
        if (fresh.isEmpty()) {
            return previous.flatMap(TokenSet::refreshExpiresAt);
        }
        long stated = Math.min(body.path("refresh_expires_in").asLong(0), MAX_LIFETIME_SECONDS);
        if (stated > 0) {
            return Optional.of(now.plusSeconds(stated));
        }
        return JwtExpiry.of(fresh.get());
    }

    /** Whether the response carried a new ID token (to validate) rather than keeping the previous one. */
    static boolean hasIdToken(JsonNode body) {
        return text(body, "id_token").isPresent();
    }

    private static Optional<String> text(JsonNode body, String name) {
        JsonNode node = body.get(name);
        return node != null && node.isTextual() && !node.asText().isEmpty()
                ? Optional.of(node.asText())
                : Optional.empty();
    }
}
