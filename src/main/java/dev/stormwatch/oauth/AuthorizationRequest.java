package dev.stormwatch.oauth;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.StringJoiner;

/**
 * The authorization code request (RFC 6749 §4.1.1, OIDC Core §3.1.2.1) with PKCE S256 (RFC 7636 §4.3), sent
 * either as a browser URL or pushed first (PAR, RFC 9126 §2.1) and then referenced by {@code request_uri} (§4).
 */
public record AuthorizationRequest(
        String clientId, URI redirectUri, String scope, LoginSecrets secrets, AuthorizationParameters extra) {

    /** A request with no extra parameters. */
    public AuthorizationRequest(String clientId, URI redirectUri, String scope, LoginSecrets secrets) {
        this(clientId, redirectUri, scope, secrets, AuthorizationParameters.NONE);
    }

    /** The parameters of the request, in the order they are sent. */
    public Map<String, String> parameters() {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("response_type", "code");
        p.put("client_id", clientId);
        p.put("redirect_uri", redirectUri.toString());
        p.put("scope", scope);
        p.put("state", secrets.state().reveal());
        p.put("nonce", secrets.nonce().reveal());
        p.put("code_challenge", secrets.pkce().challenge());
        p.put("code_challenge_method", Pkce.METHOD);
        // AR1: the extra parameters follow, checked when made never to replace one of the above.
        extra.values().forEach(p::putIfAbsent);
        return p;
    }

    /** The browser URL of a plain (not pushed) request. */
    public URI browserUrl(URI authorizationEndpoint) {
        return withQuery(authorizationEndpoint, parameters());
    }

    /** RFC 9126 §4: after a push, the browser URL carries only {@code client_id} and {@code request_uri}. */
    public URI browserUrlForPushed(URI authorizationEndpoint, String requestUri) {
        Map<String, String> p = new LinkedHashMap<>();
        p.put("client_id", clientId);
        p.put("request_uri", requestUri);
        return withQuery(authorizationEndpoint, p);
    }

    static URI withQuery(URI endpoint, Map<String, String> parameters) {
        String base = endpoint.toString();
        // RFC 6749 §3.1: the endpoint may carry its own query, which must be kept.
        String separator = endpoint.getRawQuery() == null ? "?" : "&";
        return URI.create(base + separator + formEncode(parameters));
    }

    static String formEncode(Map<String, String> parameters) {
        StringJoiner joined = new StringJoiner("&");
        parameters.forEach((name, value) -> joined.add(URLEncoder.encode(name, StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(value, StandardCharsets.UTF_8)));
        return joined.toString();
    }

    @Override
    public String toString() {
        return "AuthorizationRequest[clientId=" + clientId + ", redirectUri=" + redirectUri + ", scope=" + scope + "]";
    }
}
