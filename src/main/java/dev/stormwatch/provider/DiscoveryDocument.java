package dev.stormwatch.provider;

import dev.stormwatch.server.DpopVerifier;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/** The provider's metadata (OpenID Connect Discovery 1.0 §3, RFC 8414 §2, RFC 9126 §5, RFC 9207 §3, RFC 9449 §5.1). */
final class DiscoveryDocument {

    private DiscoveryDocument() {}

    static Map<String, Object> of(ProviderState state) {
        Map<String, Object> doc = new LinkedHashMap<>();
        doc.put("issuer", state.issuer());
        doc.put(
                "authorization_endpoint",
                state.endpoint(ProviderState.AUTHORIZE).toString());
        doc.put("token_endpoint", state.endpoint(ProviderState.TOKEN).toString());
        doc.put("userinfo_endpoint", state.endpoint(ProviderState.USERINFO).toString());
        doc.put("jwks_uri", state.endpoint(ProviderState.JWKS).toString());
        doc.put(
                "pushed_authorization_request_endpoint",
                state.endpoint(ProviderState.PAR).toString());
        doc.put("require_pushed_authorization_requests", false);
        doc.put("revocation_endpoint", state.endpoint(ProviderState.REVOKE).toString());
        doc.put("end_session_endpoint", state.endpoint(ProviderState.LOGOUT).toString());
        doc.put(
                "introspection_endpoint",
                state.endpoint(ProviderState.INTROSPECT).toString());
        doc.put(
                "device_authorization_endpoint",
                state.endpoint(ProviderState.DEVICE_AUTHORIZATION).toString());
        doc.put("response_types_supported", List.of("code"));
        doc.put("response_modes_supported", List.of("query"));
        doc.put(
                "grant_types_supported",
                List.of("authorization_code", "refresh_token", "client_credentials", TokenEndpoint.DEVICE_CODE_GRANT));
        doc.put("subject_types_supported", List.of("public"));
        doc.put("id_token_signing_alg_values_supported", List.of("RS256", "ES256"));
        // What the registered clients use, in a fixed order (RFC 8414 §2); PAR uses the same (RFC 9126 §5).
        List<String> methods = List.of("none", "client_secret_basic", "client_secret_post", "private_key_jwt").stream()
                .filter(m -> state.clients().values().stream().anyMatch(c -> c.accepts(m)))
                .toList();
        doc.put("token_endpoint_auth_methods_supported", methods);
        doc.put("revocation_endpoint_auth_methods_supported", methods);
        doc.put("introspection_endpoint_auth_methods_supported", methods);
        if (methods.contains("private_key_jwt")) {
            doc.put("token_endpoint_auth_signing_alg_values_supported", ClientAssertionCheck.ALGORITHMS);
        }
        doc.put("code_challenge_methods_supported", List.of("S256"));
        doc.put("scopes_supported", List.of("openid", "profile", "email", "offline_access"));
        doc.put(
                "claims_supported",
                List.of(
                        "sub",
                        "iss",
                        "aud",
                        "exp",
                        "iat",
                        "auth_time",
                        "nonce",
                        "at_hash",
                        "name",
                        "email",
                        "email_verified",
                        "preferred_username"));
        doc.put("authorization_response_iss_parameter_supported", true);
        doc.put("dpop_signing_alg_values_supported", DpopVerifier.ALGORITHMS);
        return doc;
    }
}
