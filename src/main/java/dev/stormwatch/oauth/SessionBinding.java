package dev.stormwatch.oauth;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/**
 * The provider and client a session belongs to (OIDC Core §2: {@code iss}, {@code aud}, {@code azp}): saved with the
 * session and checked on every load, so that one provider's tokens are never sent to another's endpoints. Before the
 * binding, a session kept for provider A was refreshed at, revoked at and sent as a Bearer to provider B whenever B
 * was configured with the same session file.
 *
 * @param issuer the issuer identifier the client was configured with when it signed in
 * @param clientId the client id it signed in with
 */
public record SessionBinding(String issuer, String clientId) {

    public SessionBinding {
        Objects.requireNonNull(issuer, "issuer");
        Objects.requireNonNull(clientId, "clientId");
    }

    /**
     * The binding an ID token states by itself (for a session saved before bindings were): its issuer, and its
     * {@code azp}, or its one audience; an empty client id when it has several audiences and no {@code azp}.
     */
    public static SessionBinding of(IdTokenClaims claims) {
        if (claims.other().get("azp") instanceof String azp && !azp.isBlank()) {
            return new SessionBinding(claims.issuer(), azp);
        }
        List<String> audience = claims.audience();
        return new SessionBinding(claims.issuer(), audience.size() == 1 ? audience.get(0) : "");
    }

    /**
     * Why {@code session} may not be used by a client configured for {@code issuer} and {@code clientId}, or empty
     * when it may: the binding saved with it and its ID token's {@code iss} and {@code aud}/{@code azp} must all name
     * them (OIDC Core §3.1.3.7 steps 2–5, applied again on load). An OAuth 2.0-only session has no ID token: its
     * saved binding alone must name them (DV11).
     */
    public static Optional<String> refusal(Session session, Issuer issuer, String clientId) {
        SessionBinding saved = session.binding();
        boolean bound = issuer.sameAs(saved.issuer())
                && clientId.equals(saved.clientId())
                && session.claims()
                        .map(claims -> statesTheSame(claims, issuer, clientId))
                        .orElse(true);
        if (bound) {
            return Optional.empty();
        }
        return Optional.of("the stored session belongs to " + saved.describe() + ", not to issuer " + issuer
                + " with client id " + clientId + "; its tokens are never sent anywhere else. Sign in to " + issuer
                + " (the stored session is kept), or use the configuration it was made with");
    }

    /** OIDC Core §3.1.3.7 steps 2–5: the ID token names the issuer and the client. */
    private static boolean statesTheSame(IdTokenClaims claims, Issuer issuer, String clientId) {
        Object azp = claims.other().get("azp");
        return issuer.sameAs(claims.issuer())
                && claims.audience().contains(clientId)
                && (azp == null || clientId.equals(azp));
    }

    /** "issuer X with client id Y", for messages. */
    public String describe() {
        return "issuer " + issuer + (clientId.isEmpty() ? " (client id unknown)" : " with client id " + clientId);
    }
}
