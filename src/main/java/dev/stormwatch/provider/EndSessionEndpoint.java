package dev.stormwatch.provider;

import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.server.FormBody;
import dev.stormwatch.server.Handler;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The end-session endpoint (OpenID Connect RP-Initiated Logout 1.0 §2, §3): signs the user out and, when the
 * {@code post_logout_redirect_uri} is registered for the client, redirects there with {@code state}; otherwise shows a
 * page. The client is named by {@code client_id} or by the audience of a valid {@code id_token_hint}.
 */
final class EndSessionEndpoint implements Handler {

    private final ProviderState state;

    EndSessionEndpoint(ProviderState state) {
        this.state = state;
    }

    @Override
    public Response handle(Request request) {
        Map<String, List<String>> params =
                request.method().equals("POST") ? FormBody.parse(request.bodyText()) : request.queryParameters();
        Optional<String> hint = AuthorizationCheck.single(params, "id_token_hint");
        Optional<String> hintedClient = hint.flatMap(this::audienceOfOurIdToken);
        if (hint.isPresent() && hintedClient.isEmpty()) {
            return Html.error(400, "id_token_hint is not an ID token issued by this provider");
        }
        Optional<String> namedClient = AuthorizationCheck.single(params, "client_id");
        // §2: with both, the client must be the one the ID token was issued to.
        if (namedClient.isPresent() && hintedClient.isPresent() && !namedClient.equals(hintedClient)) {
            return Html.error(400, "client_id is not the client the id_token_hint was issued to");
        }
        Optional<String> clientId = namedClient.or(() -> hintedClient);
        Optional<String> redirect = AuthorizationCheck.single(params, "post_logout_redirect_uri");
        if (redirect.isEmpty()) {
            return Html.page(200, "Signed out", "<p id=\"signed-out\">You are signed out of the demo provider.</p>");
        }
        ClientRegistration client = clientId.map(id -> state.clients().get(id)).orElse(null);
        // §3: never redirect to an unregistered URI; SX2: a loopback literal's port may vary (RFC 8252 §7.3).
        if (client == null || !RedirectUris.matches(client.postLogoutRedirectUris(), redirect.get())) {
            return Html.error(400, "post_logout_redirect_uri is not registered for this client");
        }
        String location = redirect.get()
                + AuthorizationCheck.single(params, "state")
                        .map(s -> (redirect.get().contains("?") ? "&" : "?") + "state="
                                + URLEncoder.encode(s, StandardCharsets.UTF_8))
                        .orElse("");
        return Response.redirect(URI.create(location)).withHeader("Cache-Control", "no-store");
    }

    private static final JOSEObjectType ACCESS_TOKEN_TYPE = new JOSEObjectType("at+jwt");

    /** The client an ID token was issued to, when its signature is ours (expiry does not matter here, §2). */
    private Optional<String> audienceOfOurIdToken(String idToken) {
        try {
            SignedJWT jwt = SignedJWT.parse(idToken);
            String keyId = jwt.getHeader().getKeyID();
            // An access token of ours (RFC 9068's at+jwt) is signed by the same key, but is no ID token.
            if (keyId == null
                    || ACCESS_TOKEN_TYPE.equals(jwt.getHeader().getType())
                    || !state.issuer().equals(jwt.getJWTClaimsSet().getIssuer())) {
                return Optional.empty();
            }
            var verifier = state.keys().verifier(keyId);
            if (verifier.isEmpty() || !jwt.verify(verifier.get())) {
                return Optional.empty();
            }
            List<String> audience = jwt.getJWTClaimsSet().getAudience();
            return audience.isEmpty() ? Optional.empty() : Optional.of(audience.get(0));
        } catch (Exception unreadable) {
            return Optional.empty();
        }
    }
}
