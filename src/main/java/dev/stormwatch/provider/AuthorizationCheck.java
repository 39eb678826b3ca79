package dev.stormwatch.provider;

import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Validates the parameters of an authorization request, in the order RFC 6749 §4.1.2.1 requires: first the client and
 * its redirect URI (a failure there is never redirected), then everything else (a failure there is redirected with an
 * error code). PKCE with S256 is required (RFC 7636 §4.4.1; OAuth 2.1).
 */
final class AuthorizationCheck {

    private AuthorizationCheck() {}

    /** What the check found. */
    sealed interface Result {
        /** Everything is in order. */
        record Valid(AuthorizationRequest request) implements Result {}

        /** The client or redirect URI cannot be trusted: show an error page, never redirect (RFC 6749 §4.1.2.1). */
        record UntrustedRedirect(boolean unknownClient, String description) implements Result {}

        /** The redirect URI is trusted and the request is wrong: redirect with {@code error} (RFC 6749 §4.1.2.1). */
        record RedirectedError(String redirectUri, Optional<String> state, String error, String description)
                implements Result {}
    }

    static Result check(Map<String, List<String>> params, Map<String, ClientRegistration> clients) {
        Optional<String> clientId = single(params, "client_id");
        Optional<String> redirectUri = single(params, "redirect_uri");
        if (repeated(params, "client_id") || clientId.isEmpty()) {
            return new Result.UntrustedRedirect(true, "client_id is missing or repeated");
        }
        ClientRegistration client = clients.get(clientId.get());
        if (client == null) {
            return new Result.UntrustedRedirect(true, "unknown client_id");
        }
        if (repeated(params, "redirect_uri") || redirectUri.isEmpty()) {
            // OpenID Connect Core §3.1.2.1 makes redirect_uri required.
            return new Result.UntrustedRedirect(false, "redirect_uri is missing or repeated");
        }
        if (!RedirectUris.matches(client.redirectUris(), redirectUri.get())) {
            return new Result.UntrustedRedirect(false, "redirect_uri is not registered for this client");
        }
        Optional<String> state = single(params, "state");
        String redirect = redirectUri.get();
        for (Map.Entry<String, List<String>> p : params.entrySet()) {
            if (p.getValue().size() > 1) {
                // RFC 6749 §3.1: request parameters must not be included more than once.
                return new Result.RedirectedError(redirect, state, "invalid_request", p.getKey() + " is repeated");
            }
        }
        if (!"code".equals(single(params, "response_type").orElse(null))) {
            return new Result.RedirectedError(
                    redirect, state, "unsupported_response_type", "only response_type=code is supported");
        }
        Optional<String> challenge = single(params, "code_challenge");
        if (challenge.isEmpty()) {
            return new Result.RedirectedError(
                    redirect, state, "invalid_request", "code_challenge is required (PKCE, RFC 7636)");
        }
        if (!"S256".equals(single(params, "code_challenge_method").orElse(null))) {
            return new Result.RedirectedError(redirect, state, "invalid_request", "code_challenge_method must be S256");
        }
        if (!PkceCheck.wellFormedChallenge(challenge.get())) {
            return new Result.RedirectedError(
                    redirect, state, "invalid_request", "code_challenge must be 43 base64url characters");
        }
        String scope = single(params, "scope").orElse("openid");
        return new Result.Valid(new AuthorizationRequest(
                client.clientId(), redirect, state, scope, single(params, "nonce"), challenge.get()));
    }

    static Optional<String> single(Map<String, List<String>> params, String name) {
        List<String> values = params.get(name);
        return values == null || values.isEmpty() || values.get(0).isEmpty()
                ? Optional.empty()
                : Optional.of(values.get(0));
    }

    private static boolean repeated(Map<String, List<String>> params, String name) {
        return params.getOrDefault(name, List.of()).size() > 1;
    }
}
