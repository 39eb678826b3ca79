package dev.stormwatch.provider;

import dev.stormwatch.server.Handler;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The pushed authorization request endpoint (RFC 9126 §2): validates the request like the authorization endpoint and
 * answers 201 with a single-use {@code request_uri} valid for 60 s.
 */
final class ParEndpoint implements Handler {

    private static final String URN = "urn:ietf:params:oauth:request_uri:";

    private final ProviderState state;

    ParEndpoint(ProviderState state) {
        this.state = state;
    }

    @Override
    public Response handle(Request request) {
        return PostedForm.answer(request, state.clients(), state.assertions(), form -> handle(request, form));
    }

    private Response handle(Request request, PostedForm form) {
        if (form.field("request_uri").isPresent()) {
            // RFC 9126 §2.1: a pushed request must not itself refer to a request_uri.
            return OAuthError.invalidRequest("request_uri is not allowed in a pushed request")
                    .response();
        }
        Map<String, List<String>> params = new HashMap<>();
        form.fields().forEach((k, v) -> params.put(k, List.of(v)));
        AuthorizationCheck.Result result = AuthorizationCheck.check(params, state.clients());
        if (result instanceof AuthorizationCheck.Result.UntrustedRedirect untrusted) {
            return OAuthError.invalidRequest(untrusted.description()).response();
        }
        if (result instanceof AuthorizationCheck.Result.RedirectedError error) {
            return new OAuthError(400, error.error(), error.description()).response();
        }
        String requestUri = URN + state.mint().opaque();
        state.pushedRequests()
                .put(
                        requestUri,
                        ((AuthorizationCheck.Result.Valid) result).request(),
                        state.clock().instant().plus(state.config().parTtl()));
        return Response.json(
                        201,
                        Map.of(
                                "request_uri",
                                requestUri,
                                "expires_in",
                                state.config().parTtl().toSeconds()))
                .withHeader("Cache-Control", "no-store");
    }
}
