package dev.stormwatch.provider;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The issued refresh and access tokens, grouped by family. Refresh tokens rotate on every use; presenting a rotated
 * one is treated as theft and revokes the whole family (OAuth 2.0 Security BCP, RFC 9700 §4.14.2).
 */
final class TokenFamilies {

    private record RefreshEntry(String familyId, Instant expiresAt, boolean rotated) {}

    private record AccessEntry(String familyId, Instant expiresAt) {}

    private final Clock clock;
    private final Duration refreshTtl;
    private final Map<String, Grant> families = new HashMap<>();
    private final Map<String, Boolean> revokedFamilies = new HashMap<>();
    private final Map<String, RefreshEntry> refreshTokens = new HashMap<>();
    private final Map<String, AccessEntry> accessTokens = new HashMap<>();

    TokenFamilies(Clock clock, Duration refreshTtl) {
        this.clock = clock;
        this.refreshTtl = refreshTtl;
    }

    /** What a refresh found. */
    sealed interface Refreshed {
        /** The old token is spent; {@code refreshToken} is the new one. */
        record Rotated(Grant grant, String refreshToken) implements Refreshed {}

        /** Refused with {@code invalid_grant} and this description. */
        record Refused(String description) implements Refreshed {}
    }

    synchronized void open(Grant grant, String refreshToken) {
        families.put(grant.familyId(), grant);
        refreshTokens.put(
                refreshToken, new RefreshEntry(grant.familyId(), clock.instant().plus(refreshTtl), false));
    }

    synchronized void recordAccessToken(String accessToken, Grant grant, Instant expiresAt) {
        accessTokens.put(accessToken, new AccessEntry(grant.familyId(), expiresAt));
    }

    /** Spends {@code token} and issues {@code next} in its place, after the checks of RFC 6749 §6. */
    synchronized Refreshed rotate(String token, String clientId, Optional<String> jkt, String next) {
        RefreshEntry entry = refreshTokens.get(token);
        if (entry == null) {
            return new Refreshed.Refused("unknown refresh token");
        }
        Grant grant = families.get(entry.familyId());
        if (revokedFamilies.containsKey(entry.familyId())) {
            return new Refreshed.Refused("the refresh token was revoked");
        }
        if (entry.rotated()) {
            // A spent token comes back: either the client lost the answer or someone stole it. Kill the family.
            revokedFamilies.put(entry.familyId(), true);
            return new Refreshed.Refused("refresh token reused; its whole family is now revoked");
        }
        if (!clock.instant().isBefore(entry.expiresAt())) {
            return new Refreshed.Refused("the refresh token expired");
        }
        if (!grant.clientId().equals(clientId)) {
            return new Refreshed.Refused("the refresh token was issued to another client");
        }
        if (grant.jkt().isPresent() && !grant.jkt().equals(jkt)) {
            // RFC 9449 §5: a public client's refresh token is bound to its DPoP key.
            return new Refreshed.Refused("the refresh token is bound to another DPoP key");
        }
        refreshTokens.put(token, new RefreshEntry(entry.familyId(), entry.expiresAt(), true));
        refreshTokens.put(
                next, new RefreshEntry(entry.familyId(), clock.instant().plus(refreshTtl), false));
        return new Refreshed.Rotated(grant, next);
    }

    /** The grant behind a live access token: known, unexpired, not revoked, family not revoked. */
    synchronized Optional<Grant> activeAccessToken(String token) {
        AccessEntry entry = accessTokens.get(token);
        if (entry == null
                || revokedFamilies.containsKey(entry.familyId())
                || !clock.instant().isBefore(entry.expiresAt())) {
            return Optional.empty();
        }
        return Optional.ofNullable(families.get(entry.familyId()));
    }

    /** When a live access token expires (RFC 7662 §2.2's {@code exp}); empty when it is not live. */
    synchronized Optional<Instant> accessTokenExpiry(String token) {
        return activeAccessToken(token).map(grant -> accessTokens.get(token).expiresAt());
    }

    /**
     * RFC 7009 §2.1: revokes a refresh token (and its family with every access token) or an access token.
     * Returns false only when the token belongs to another client.
     */
    synchronized boolean revoke(String token, String clientId) {
        RefreshEntry refresh = refreshTokens.get(token);
        if (refresh != null) {
            if (!families.get(refresh.familyId()).clientId().equals(clientId)) {
                return false;
            }
            revokedFamilies.put(refresh.familyId(), true);
            return true;
        }
        AccessEntry access = accessTokens.get(token);
        if (access != null) {
            if (!families.get(access.familyId()).clientId().equals(clientId)) {
                return false;
            }
            accessTokens.remove(token);
        }
        return true;
    }

    synchronized void revokeFamily(String familyId) {
        revokedFamilies.put(familyId, true);
    }

    synchronized boolean familyRevoked(String familyId) {
        return revokedFamilies.containsKey(familyId);
    }
}
