package dev.stormwatch.provider;

import java.net.URI;
import java.util.List;

/**
 * A public client registered with the demo provider by configuration (RFC 6749 §2.1, no secret; RFC 8252 native app):
 * its id, the redirect URIs it may use, and where it may be sent after sign-out (OpenID RP-Initiated Logout §3).
 */
public record ClientRegistration(String clientId, List<URI> redirectUris, List<URI> postLogoutRedirectUris) {

    /** The desktop app's id. */
    public static final String DESKTOP_CLIENT_ID = "stormwatch-desktop";

    public ClientRegistration {
        if (clientId == null || clientId.isBlank()) {
            throw new IllegalArgumentException("a client needs an id");
        }
        redirectUris = List.copyOf(redirectUris);
        postLogoutRedirectUris = List.copyOf(postLogoutRedirectUris);
        if (redirectUris.isEmpty()) {
            throw new IllegalArgumentException("client " + clientId + " needs at least one redirect URI");
        }
    }

    /** {@code stormwatch-desktop} with the loopback redirect {@code http://127.0.0.1/callback} (any port, RFC 8252 §7.3). */
    public static ClientRegistration desktop() {
        return new ClientRegistration(DESKTOP_CLIENT_ID,
                List.of(URI.create("http://127.0.0.1/callback")),
                List.of(URI.create("http://127.0.0.1/logged-out")));
    }
}
