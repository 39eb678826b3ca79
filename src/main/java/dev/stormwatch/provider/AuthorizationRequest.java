package dev.stormwatch.provider;

import java.util.Optional;

/**
 * A validated authorization request (RFC 6749 §4.1.1 with PKCE, RFC 7636 §4.3, and OpenID Connect Core §3.1.2.1):
 * the client, the redirect URI exactly as sent, state, scope, nonce and the S256 code challenge.
 */
record AuthorizationRequest(
        String clientId,
        String redirectUri,
        Optional<String> state,
        String scope,
        Optional<String> nonce,
        String codeChallenge) {

    @Override
    public String toString() {
        // state and nonce are the client's secrets against CSRF and replay: keep them out of logs.
        return "AuthorizationRequest[" + clientId + ", " + redirectUri + ", scope=" + scope + "]";
    }
}
