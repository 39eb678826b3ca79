package dev.stormwatch.services;

import dev.stormwatch.base.Secret;
import dev.stormwatch.oauth.IdTokenClaims;
import dev.stormwatch.oauth.InMemorySessionStore;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.oauth.Session;
import dev.stormwatch.oauth.TokenSet;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/** OAuth clients already signed in, for the tests of {@link OAuthSessionTokens} and of each front end's advice. */
public final class SignedInClients {

    /** The access token every such client holds. */
    public static final String ACCESS_TOKEN = "at-secret";

    private static final Instant NOW = Instant.parse("2026-01-01T10:00:00Z");

    private SignedInClients() {}

    /** A client signed in with a token of {@code tokenType} that is still valid, so no refresh is needed. */
    public static OAuthClient signedIn(String tokenType) {
        return signedIn(tokenType, ACCESS_TOKEN);
    }

    /**
     * A client signed in with a Bearer token bound to a client certificate ({@code cnf.x5t#S256}, RFC 8705), as a
     * sign-in with {@code --client-cert} gets it from a provider that binds tokens.
     */
    public static OAuthClient signedInWithCertificateBoundToken() {
        Base64.Encoder b64 = Base64.getUrlEncoder().withoutPadding();
        String payload = "{\"sub\":\"alice\",\"cnf\":{\"x5t#S256\":\"bwcK0esc3ACC3DB2Y5_lESsXE8o9ltc05O89jdN-dg2\"}}";
        return signedIn(
                "Bearer",
                b64.encodeToString("{\"alg\":\"RS256\"}".getBytes(StandardCharsets.UTF_8)) + "."
                        + b64.encodeToString(payload.getBytes(StandardCharsets.UTF_8)) + ".c2lnbmF0dXJl");
    }

    private static OAuthClient signedIn(String tokenType, String accessToken) {
        return signedIn(tokenType, accessToken, "https://idp.example", NOW.plusSeconds(3600));
    }

    /**
     * A client of the provider at {@code issuer} whose Bearer token has expired, so that asking for it refreshes first;
     * it retries without waiting.
     */
    public static OAuthClient signedInWithExpiredToken(String issuer) {
        return signedInWithExpiredToken(issuer, "app");
    }

    /** As {@link #signedInWithExpiredToken(String)}, for a client registered at the provider as {@code clientId}. */
    public static OAuthClient signedInWithExpiredToken(String issuer, String clientId) {
        return signedIn("Bearer", ACCESS_TOKEN, issuer, NOW.minusSeconds(1), clientId);
    }

    private static OAuthClient signedIn(String tokenType, String accessToken, String issuer, Instant expiresAt) {
        return signedIn(tokenType, accessToken, issuer, expiresAt, "app");
    }

    private static OAuthClient signedIn(
            String tokenType, String accessToken, String issuer, Instant expiresAt, String clientId) {
        InMemorySessionStore store = new InMemorySessionStore();
        store.save(new Session(
                new TokenSet(
                        Secret.of(accessToken),
                        tokenType,
                        Optional.of(expiresAt),
                        Optional.of(Secret.of("rt-secret")),
                        Secret.of("id"),
                        Optional.of("openid")),
                new IdTokenClaims(
                        issuer, "alice", List.of(clientId), NOW.plusSeconds(3600), NOW, Optional.empty(), Map.of())));
        return OAuthClient.builder(OAuthConfig.of(issuer, clientId).withDpop(tokenType.equals("DPoP")))
                .clock(Clock.fixed(NOW, ZoneOffset.UTC))
                .sleeper(duration -> {})
                .sessionStore(store)
                .build();
    }
}
