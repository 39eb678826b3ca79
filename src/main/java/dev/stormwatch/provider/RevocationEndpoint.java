package dev.stormwatch.provider;

import dev.stormwatch.server.Handler;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.util.Optional;

/**
 * The revocation endpoint (RFC 7009 §2): revokes a refresh token with its whole family, or one access token; an
 * unknown token is answered 200 like a revoked one (§2.2).
 */
final class RevocationEndpoint implements Handler {

    private final ProviderState state;

    RevocationEndpoint(ProviderState state) {
        this.state = state;
    }

    @Override
    public Response handle(Request request) {
        return PostedForm.answer(request, state.clients(), state.assertions(), form -> handle(request, form));
    }

    private Response handle(Request request, PostedForm form) {
        Optional<String> token = form.field("token");
        if (token.isEmpty()) {
            return OAuthError.invalidRequest("token is required").response();
        }
        if (!state.families().revoke(token.get(), form.client().clientId())) {
            // RFC 7009 §2.1: a token of another client is refused.
            return OAuthError.invalidRequest("the token was issued to another client")
                    .response();
        }
        return Response.empty(200).withHeader("Cache-Control", "no-store");
    }
}
