package dev.stormwatch.provider;

import dev.stormwatch.server.Handler;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The introspection endpoint (RFC 7662 §2): an authenticated client asks whether one of its access tokens is active
 * and learns its scope, client, subject and expiry; anything else (unknown, expired, revoked, another client's, a
 * refresh token) is {@code {"active": false}} (§2.2).
 */
final class IntrospectionEndpoint implements Handler {

    private final ProviderState state;

    IntrospectionEndpoint(ProviderState state) {
        this.state = state;
    }

    @Override
    public Response handle(Request request) {
        return PostedForm.answer(request, state.clients(), state.assertions(), this::handle);
    }

    private Response handle(PostedForm form) {
        Optional<String> token = form.field("token");
        if (token.isEmpty()) {
            return OAuthError.invalidRequest("token is required").response();
        }
        Map<String, Object> body = new LinkedHashMap<>();
        Optional<Grant> grant = state.families()
                .activeAccessToken(token.get())
                .filter(g -> g.clientId().equals(form.client().clientId()));
        body.put("active", grant.isPresent());
        grant.ifPresent(g -> {
            body.put("scope", g.scope());
            body.put("client_id", g.clientId());
            body.put("sub", g.user().subject());
            body.put("token_type", g.jkt().isPresent() ? "DPoP" : "Bearer");
            body.put("iss", state.issuer());
            state.families().accessTokenExpiry(token.get()).ifPresent(exp -> body.put("exp", exp.getEpochSecond()));
        });
        return Response.json(200, body).withHeader("Cache-Control", "no-store");
    }
}
