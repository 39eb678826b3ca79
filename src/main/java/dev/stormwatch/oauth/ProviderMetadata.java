package dev.stormwatch.oauth;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.base.LoopbackHost;
import java.io.IOException;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import okhttp3.HttpUrl;

/**
 * The provider's metadata document (OIDC Discovery §3, RFC 8414 §2, RFC 9126 §5, RFC 9207 §3, RFC 9449 §5.1),
 * with the token endpoint's client authentication methods (RFC 8414 §2, CA1), checked on arrival: issuer identical to the configured one, endpoints https (or loopback).
 */
public record ProviderMetadata(
        Issuer issuer,
        URI authorizationEndpoint,
        URI tokenEndpoint,
        URI jwksUri,
        Optional<URI> userinfoEndpoint,
        Optional<URI> revocationEndpoint,
        Optional<URI> pushedAuthorizationRequestEndpoint,
        boolean requirePushedAuthorizationRequests,
        boolean authorizationResponseIssParameterSupported,
        List<String> idTokenSigningAlgValuesSupported,
        List<String> codeChallengeMethodsSupported,
        List<String> dpopSigningAlgValuesSupported,
        List<String> tokenEndpointAuthMethodsSupported,
        List<String> tokenEndpointAuthSigningAlgValuesSupported,
        Optional<URI> deviceAuthorizationEndpoint,
        Optional<URI> introspectionEndpoint,
        Optional<URI> endSessionEndpoint,
        List<String> grantTypesSupported,
        java.util.Map<String, URI> mtlsEndpointAliases) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final int MAX_PORT = 65_535;

    /** The metadata without the fields of private_key_jwt, the device grant, introspection and logout. */
    public ProviderMetadata(
            Issuer issuer,
            URI authorizationEndpoint,
            URI tokenEndpoint,
            URI jwksUri,
            Optional<URI> userinfoEndpoint,
            Optional<URI> revocationEndpoint,
            Optional<URI> pushedAuthorizationRequestEndpoint,
            boolean requirePushedAuthorizationRequests,
            boolean authorizationResponseIssParameterSupported,
            List<String> idTokenSigningAlgValuesSupported,
            List<String> codeChallengeMethodsSupported,
            List<String> dpopSigningAlgValuesSupported,
            List<String> tokenEndpointAuthMethodsSupported) {
        this(
                issuer,
                authorizationEndpoint,
                tokenEndpoint,
                jwksUri,
                userinfoEndpoint,
                revocationEndpoint,
                pushedAuthorizationRequestEndpoint,
                requirePushedAuthorizationRequests,
                authorizationResponseIssParameterSupported,
                idTokenSigningAlgValuesSupported,
                codeChallengeMethodsSupported,
                dpopSigningAlgValuesSupported,
                tokenEndpointAuthMethodsSupported,
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                List.of(),
                java.util.Map.of());
    }

    /** RFC 8705 §5: the endpoints a client that presents a certificate uses instead of the usual ones (TX5). */
    static final List<String> ALIASED = List.of(
            "token_endpoint",
            "userinfo_endpoint",
            "revocation_endpoint",
            "pushed_authorization_request_endpoint",
            "device_authorization_endpoint",
            "introspection_endpoint");

    /**
     * TX5, RFC 8705 §5: the metadata as a client that presents a client certificate uses it: each endpoint named in
     * {@code mtls_endpoint_aliases} replaced by its alias; the authorization, JWKS and end-session endpoints, which
     * the browser or an anonymous read reach, are never aliased.
     */
    public ProviderMetadata withMutualTlsAliases() {
        if (mtlsEndpointAliases.isEmpty()) {
            return this;
        }
        java.util.function.BiFunction<String, Optional<URI>, Optional<URI>> alias = (name, usual) ->
                Optional.ofNullable(mtlsEndpointAliases.get(name)).or(() -> usual);
        return new ProviderMetadata(
                issuer,
                authorizationEndpoint,
                alias.apply("token_endpoint", Optional.of(tokenEndpoint)).orElseThrow(),
                jwksUri,
                alias.apply("userinfo_endpoint", userinfoEndpoint),
                alias.apply("revocation_endpoint", revocationEndpoint),
                alias.apply("pushed_authorization_request_endpoint", pushedAuthorizationRequestEndpoint),
                requirePushedAuthorizationRequests,
                authorizationResponseIssParameterSupported,
                idTokenSigningAlgValuesSupported,
                codeChallengeMethodsSupported,
                dpopSigningAlgValuesSupported,
                tokenEndpointAuthMethodsSupported,
                tokenEndpointAuthSigningAlgValuesSupported,
                alias.apply("device_authorization_endpoint", deviceAuthorizationEndpoint),
                alias.apply("introspection_endpoint", introspectionEndpoint),
                endSessionEndpoint,
                grantTypesSupported,
                mtlsEndpointAliases);
    }

    /** Whether the authorization request goes through PAR (RFC 9126 §5: when advertised or required). */
    public boolean usesPar() {
        return pushedAuthorizationRequestEndpoint.isPresent();
    }

    /** Parses and checks a metadata document fetched for {@code expected}. */
    public static ProviderMetadata parse(String body, Issuer expected) {
        JsonNode root = readObject(body);
        String issuer = text(root, "issuer").orElseThrow(() -> missing("issuer"));
        // OIDC Discovery §4.3: the issuer in the document must be identical to the one we asked for (mix-up defence).
        if (!expected.sameAs(issuer)) {
            throw Failures.protocol(
                    "discovery issuer",
                    "the document names issuer '" + issuer + "' but '" + expected + "' was configured");
        }
        Optional<URI> par = endpoint(root, "pushed_authorization_request_endpoint");
        boolean requirePar = root.path("require_pushed_authorization_requests").asBoolean(false);
        // RFC 9126 §5: a provider that requires PAR but names no endpoint cannot be used.
        if (requirePar && par.isEmpty()) {
            throw Failures.protocol(
                    "discovery", "PAR is required but no pushed_authorization_request_endpoint is given");
        }
        List<String> pkceMethods = strings(root, "code_challenge_methods_supported");
        // RFC 8414 §2: when the list is present and lacks S256, the provider will not accept our challenge.
        if (!pkceMethods.isEmpty() && !pkceMethods.contains(Pkce.METHOD)) {
            throw Failures.protocol(
                    "discovery", "the provider does not support PKCE S256 (supports " + pkceMethods + ")");
        }
        return new ProviderMetadata(
                expected,
                endpoint(root, "authorization_endpoint").orElseThrow(() -> missing("authorization_endpoint")),
                endpoint(root, "token_endpoint").orElseThrow(() -> missing("token_endpoint")),
                endpoint(root, "jwks_uri").orElseThrow(() -> missing("jwks_uri")),
                endpoint(root, "userinfo_endpoint"),
                endpoint(root, "revocation_endpoint"),
                par,
                requirePar,
                root.path("authorization_response_iss_parameter_supported").asBoolean(false),
                strings(root, "id_token_signing_alg_values_supported"),
                pkceMethods,
                strings(root, "dpop_signing_alg_values_supported"),
                strings(root, ClientAuthentication.SUPPORTED_FIELD),
                strings(root, ClientAssertionKey.SIGNING_ALGS_FIELD),
                endpoint(root, "device_authorization_endpoint"),
                endpoint(root, "introspection_endpoint"),
                endpoint(root, "end_session_endpoint"),
                strings(root, "grant_types_supported"),
                aliases(root));
    }

    /** TX5, RFC 8705 §5: each alias checked as an endpoint is, named by its place in the document. */
    private static java.util.Map<String, URI> aliases(JsonNode root) {
        JsonNode node = root.get("mtls_endpoint_aliases");
        if (node == null || node.isNull()) {
            return java.util.Map.of();
        }
        if (!node.isObject()) {
            throw Failures.protocol("discovery", "mtls_endpoint_aliases is not a JSON object");
        }
        java.util.Map<String, URI> aliases = new java.util.LinkedHashMap<>();
        for (String name : ALIASED) {
            if (node.has(name)) {
                com.fasterxml.jackson.databind.node.ObjectNode one = JSON.createObjectNode();
                one.set("mtls_endpoint_aliases." + name, node.get(name));
                endpoint(one, "mtls_endpoint_aliases." + name).ifPresent(uri -> aliases.put(name, uri));
            }
        }
        return java.util.Map.copyOf(aliases);
    }

    static JsonNode readObject(String body) {
        try {
            JsonNode root = JSON.readTree(body);
            if (root == null || !root.isObject()) {
                throw Failures.protocol("discovery", "the metadata document is not a JSON object");
            }
            return root;
        } catch (IOException e) {
            throw Failures.protocol(
                    "discovery", "the metadata document is not JSON (did the URL return an HTML page?)");
        }
    }

    private static Optional<String> text(JsonNode root, String name) {
        JsonNode node = root.get(name);
        return node != null && node.isTextual() && !node.asText().isBlank()
                ? Optional.of(node.asText())
                : Optional.empty();
    }

    private static Optional<URI> endpoint(JsonNode root, String name) {
        Optional<String> value = text(root, name);
        if (value.isEmpty()) {
            return Optional.empty();
        }
        URI uri;
        try {
            uri = new URI(value.get());
        } catch (URISyntaxException e) {
            throw Failures.protocol("discovery", name + " is not a URL");
        }
        // E1: every later request to this endpoint needs an absolute http(s) URL that OkHttp accepts; checked here so
        // a bad value is one Protocol error naming the field, not a library exception on first use.
        if (uri.getHost() == null || HttpUrl.parse(value.get()) == null) {
            throw Failures.protocol(
                    "discovery",
                    name + " '" + value.get() + "' is not an absolute http(s) URL with a valid host and port");
        }
        // HttpUrl accepts ports 1..65535 only; URI does not check the range, so check it for the URI we keep too.
        if (uri.getPort() != -1 && (uri.getPort() < 1 || uri.getPort() > MAX_PORT)) {
            throw Failures.protocol("discovery", name + " '" + value.get() + "' has a port outside 1.." + MAX_PORT);
        }
        // RFC 8414 §2 / OIDC Discovery §3: endpoints are https; http only on loopback (demo provider).
        if (!LoopbackHost.isHttpsOrLoopbackHttp(uri)) {
            throw Failures.protocol("discovery", name + " '" + uri + "' must be an https URL");
        }
        return Optional.of(uri);
    }

    private static List<String> strings(JsonNode root, String name) {
        List<String> values = new ArrayList<>();
        root.path(name).forEach(node -> {
            if (node.isTextual()) {
                values.add(node.asText());
            }
        });
        return List.copyOf(values);
    }

    private static RuntimeException missing(String name) {
        return Failures.protocol("discovery", "the metadata document has no " + name);
    }
}
