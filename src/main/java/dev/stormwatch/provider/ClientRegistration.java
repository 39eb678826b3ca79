package dev.stormwatch.provider;

import com.nimbusds.jose.jwk.JWK;
import dev.stormwatch.base.Secret;
import java.net.URI;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A client registered with the demo provider by configuration (RFC 6749 §2.1; RFC 8252 native app): its id, the
 * redirect URIs it may use, where it may be sent after sign-out (OpenID RP-Initiated Logout §3), and how it
 * authenticates at the token endpoint, PAR and revocation: {@code none} for a public client, or a client secret with
 * {@code client_secret_basic} and/or {@code client_secret_post} (RFC 6749 §2.3.1) for a confidential one.
 */
public record ClientRegistration(
        String clientId,
        List<URI> redirectUris,
        List<URI> postLogoutRedirectUris,
        Optional<Secret> secret,
        List<String> authMethods,
        Optional<JWK> publicKey) {

    /** The desktop app's id. */
    public static final String DESKTOP_CLIENT_ID = "stormwatch-desktop";

    /** A confidential demo client's id: it authenticates with a client secret. */
    public static final String CONFIDENTIAL_CLIENT_ID = "stormwatch-confidential";

    /** Its secret: a demo credential, public in the code like the relay's {@code sk-demo}. */
    public static final String CONFIDENTIAL_CLIENT_SECRET = "demo-client-secret";

    /** The methods a registration may name (RFC 8414 §2, OIDC Discovery §3). */
    static final Set<String> METHODS = Set.of("none", "client_secret_basic", "client_secret_post", "private_key_jwt");

    /** A client with a secret or none, and no key. */
    public ClientRegistration(
            String clientId,
            List<URI> redirectUris,
            List<URI> postLogoutRedirectUris,
            Optional<Secret> secret,
            List<String> authMethods) {
        this(clientId, redirectUris, postLogoutRedirectUris, secret, authMethods, Optional.empty());
    }

    public ClientRegistration {
        if (clientId == null || clientId.isBlank()) {
            throw new IllegalArgumentException("a client needs an id");
        }
        redirectUris = List.copyOf(redirectUris);
        postLogoutRedirectUris = List.copyOf(postLogoutRedirectUris);
        authMethods = List.copyOf(authMethods);
        if (redirectUris.isEmpty()) {
            throw new IllegalArgumentException("client " + clientId + " needs at least one redirect URI");
        }
        if (authMethods.isEmpty() || !METHODS.containsAll(authMethods)) {
            throw new IllegalArgumentException(
                    "client " + clientId + " needs methods among " + METHODS + ", had " + authMethods);
        }
        boolean secretMethods = authMethods.stream().anyMatch(m -> m.startsWith("client_secret_"));
        if (secretMethods != secret.isPresent()) {
            throw new IllegalArgumentException(
                    "client " + clientId + " needs a secret exactly when it authenticates with one");
        }
        if (authMethods.contains("private_key_jwt") != publicKey.isPresent()) {
            throw new IllegalArgumentException(
                    "client " + clientId + " needs a public key exactly when it authenticates with private_key_jwt");
        }
        if (publicKey.isPresent() && publicKey.get().isPrivate()) {
            throw new IllegalArgumentException("client " + clientId + " registers a public key, not a private one");
        }
    }

    /** A public client ({@code none}): no secret, PKCE proves the caller. */
    public ClientRegistration(String clientId, List<URI> redirectUris, List<URI> postLogoutRedirectUris) {
        this(clientId, redirectUris, postLogoutRedirectUris, Optional.empty(), List.of("none"));
    }

    /** Whether this client may authenticate with {@code method}. */
    public boolean accepts(String method) {
        return authMethods.contains(method);
    }

    /**
     * {@code stormwatch-desktop} with the loopback redirects {@code http://127.0.0.1/callback} and
     * {@code http://[::1]/callback} (any port, RFC 8252 §7.3; AR3), and their {@code /logged-out} twins after logout
     * (SX2).
     */
    public static ClientRegistration desktop() {
        return new ClientRegistration(
                DESKTOP_CLIENT_ID,
                List.of(URI.create("http://127.0.0.1/callback"), URI.create("http://[::1]/callback")),
                List.of(URI.create("http://127.0.0.1/logged-out"), URI.create("http://[::1]/logged-out")));
    }

    /**
     * {@code stormwatch-confidential}: the desktop's redirects, the secret {@value #CONFIDENTIAL_CLIENT_SECRET}, and
     * {@code client_secret_basic} and {@code client_secret_post}.
     */
    public static ClientRegistration confidential() {
        return confidential(List.of("client_secret_basic", "client_secret_post"));
    }

    /** {@code stormwatch-confidential} accepting only {@code methods}. */
    public static ClientRegistration confidential(List<String> methods) {
        ClientRegistration desktop = desktop();
        return new ClientRegistration(
                CONFIDENTIAL_CLIENT_ID,
                desktop.redirectUris(),
                desktop.postLogoutRedirectUris(),
                Optional.of(Secret.of(CONFIDENTIAL_CLIENT_SECRET)),
                methods);
    }

    /**
     * A client that authenticates with {@code private_key_jwt} (RFC 7523) and the public key {@code key}; the
     * desktop's redirects.
     */
    public static ClientRegistration privateKeyJwt(String clientId, JWK key) {
        ClientRegistration desktop = desktop();
        return new ClientRegistration(
                clientId,
                desktop.redirectUris(),
                desktop.postLogoutRedirectUris(),
                Optional.empty(),
                List.of("private_key_jwt"),
                Optional.of(key.toPublicJWK()));
    }

    @Override
    public String toString() {
        return "ClientRegistration[" + clientId + ", " + authMethods + "]";
    }
}
