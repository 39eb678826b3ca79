package dev.stormwatch.provider;

import dev.stormwatch.base.Secret;
import dev.stormwatch.server.FormBody;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The form body of a back-channel request (token, PAR, revocation): {@code POST}, {@code application/x-www-form-urlencoded},
 * each parameter at most once (RFC 6749 §3.2), and the client it authenticates (§2.3, §3.2.1): a public client named by
 * {@code client_id}, or a confidential one by HTTP Basic or {@code client_secret} in the form (§2.3.1), its secret
 * compared in constant time. A client that fails is answered 401 {@code invalid_client} with
 * {@code WWW-Authenticate: Basic} (§5.2). {@code method} is how this request authenticated its client: {@code none}
 * for a public client named by {@code client_id}, else the registered method it used.
 */
record PostedForm(Map<String, String> fields, ClientRegistration client, String method) {

    /** What reading the form found. */
    sealed interface Read {
        record Ok(PostedForm form) implements Read {}

        record Bad(OAuthError error) implements Read {}
    }

    /**
     * Reads the posted form and hands it to {@code endpoint}, or answers the RFC's error for a form that cannot be
     * read (wrong content type, missing or repeated parameters, an unknown client): one way for every endpoint.
     */
    static Response answer(
            Request request,
            Map<String, ClientRegistration> clients,
            ClientAssertionCheck assertions,
            Function<PostedForm, Response> endpoint) {
        Read read = read(request, clients, assertions);
        if (read instanceof Read.Bad bad) {
            return bad.error().response();
        }
        return endpoint.apply(((Read.Ok) read).form());
    }

    static Read read(Request request, Map<String, ClientRegistration> clients, ClientAssertionCheck assertions) {
        if (!request.method().equals("POST")) {
            return new Read.Bad(new OAuthError(405, "invalid_request", "use POST"));
        }
        if (!request.hasContentType("application/x-www-form-urlencoded")) {
            return new Read.Bad(OAuthError.invalidRequest("send the parameters as application/x-www-form-urlencoded"));
        }
        Map<String, String> fields = new HashMap<>();
        for (Map.Entry<String, List<String>> p :
                FormBody.parse(request.bodyText()).entrySet()) {
            if (p.getValue().size() > 1) {
                return new Read.Bad(OAuthError.invalidRequest(p.getKey() + " is repeated"));
            }
            fields.put(p.getKey(), p.getValue().get(0));
        }
        Optional<String> authorization = request.header("Authorization");
        if (fields.containsKey("client_assertion") || fields.containsKey("client_assertion_type")) {
            if (authorization.isPresent() || fields.containsKey("client_secret")) {
                // RFC 6749 §2.3: a client must not use more than one authentication method in a request.
                return new Read.Bad(OAuthError.invalidRequest("use one client authentication method"));
            }
            return assertion(fields, clients, assertions);
        }
        if (authorization.isPresent() && authorization.get().regionMatches(true, 0, "Basic ", 0, 6)) {
            return basic(authorization.get().substring(6).trim(), fields, clients);
        }
        String clientId = fields.get("client_id");
        if (clientId == null || clientId.isEmpty()) {
            return refused("client_id is required for a public client");
        }
        ClientRegistration client = clients.get(clientId);
        if (client == null) {
            return refused("unknown client_id");
        }
        String secret = fields.get("client_secret");
        if (secret != null) {
            return authenticated(client, "client_secret_post", secret, fields);
        }
        if (!client.accepts("none")) {
            return refused("client " + clientId + " must authenticate (" + client.authMethods() + ")");
        }
        return new Read.Ok(new PostedForm(fields, client, "none"));
    }

    /** RFC 6749 §2.3.1: {@code Basic base64(urlencoded id ":" urlencoded secret)}. */
    private static Read basic(String credentials, Map<String, String> fields, Map<String, ClientRegistration> clients) {
        String pair;
        try {
            pair = new String(Base64.getDecoder().decode(credentials), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return refused("the Basic credentials are not Base64");
        }
        int colon = pair.indexOf(':');
        if (colon < 0) {
            return refused("the Basic credentials have no ':' between id and secret");
        }
        String clientId;
        String secret;
        try {
            clientId = URLDecoder.decode(pair.substring(0, colon), StandardCharsets.UTF_8);
            secret = URLDecoder.decode(pair.substring(colon + 1), StandardCharsets.UTF_8);
        } catch (IllegalArgumentException e) {
            return refused("the Basic credentials are not form-urlencoded");
        }
        if (fields.containsKey("client_secret")) {
            // RFC 6749 §2.3: a client must not use more than one authentication method in a request.
            return new Read.Bad(OAuthError.invalidRequest(
                    "use one client authentication method, not Basic and" + " client_secret both"));
        }
        String named = fields.get("client_id");
        if (named != null && !named.equals(clientId)) {
            return refused("client_id differs from the Basic credentials' id");
        }
        ClientRegistration client = clients.get(clientId);
        if (client == null) {
            return refused("unknown client_id");
        }
        Map<String, String> withId = new HashMap<>(fields);
        withId.put("client_id", clientId);
        return authenticated(client, "client_secret_basic", secret, withId);
    }

    /** RFC 7523 §2.2: {@code client_assertion_type} jwt-bearer and a signed {@code client_assertion}. */
    private static Read assertion(
            Map<String, String> fields, Map<String, ClientRegistration> clients, ClientAssertionCheck assertions) {
        if (!"urn:ietf:params:oauth:client-assertion-type:jwt-bearer".equals(fields.get("client_assertion_type"))) {
            return refused("client_assertion_type must be urn:ietf:params:oauth:client-assertion-type:jwt-bearer");
        }
        String assertion = fields.get("client_assertion");
        if (assertion == null || assertion.isEmpty()) {
            return refused("client_assertion is missing");
        }
        String clientId = fields.get("client_id");
        if (clientId == null || clientId.isEmpty()) {
            try {
                clientId = com.nimbusds.jwt.SignedJWT.parse(assertion)
                        .getJWTClaimsSet()
                        .getSubject();
            } catch (java.text.ParseException e) {
                return refused("client_assertion is not a signed JWT");
            }
        }
        ClientRegistration client = clientId == null ? null : clients.get(clientId);
        if (client == null) {
            return refused("unknown client_id");
        }
        if (!client.accepts("private_key_jwt")) {
            return refused(
                    "client " + client.clientId() + " does not use private_key_jwt (" + client.authMethods() + ")");
        }
        Optional<String> refusal = assertions.refusal(client, assertion);
        if (refusal.isPresent()) {
            return refused(refusal.get());
        }
        Map<String, String> withId = new HashMap<>(fields);
        withId.put("client_id", client.clientId());
        return new Read.Ok(new PostedForm(withId, client, "private_key_jwt"));
    }

    private static Read authenticated(
            ClientRegistration client, String method, String secret, Map<String, String> fields) {
        if (!client.accepts(method)) {
            return refused(
                    "client " + client.clientId() + " does not use " + method + " (" + client.authMethods() + ")");
        }
        // Secret.equals compares in constant time: a wrong guess takes as long as any other.
        if (client.secret().isEmpty() || !client.secret().get().equals(Secret.of(secret))) {
            return refused("client authentication failed");
        }
        return new Read.Ok(new PostedForm(fields, client, method));
    }

    /** RFC 6749 §5.2: 401 with {@code WWW-Authenticate} naming the scheme the client may use. */
    private static Read refused(String description) {
        return new Read.Bad(OAuthError.invalidClient(description));
    }

    Optional<String> field(String name) {
        String value = fields.get(name);
        return value == null || value.isEmpty() ? Optional.empty() : Optional.of(value);
    }

    @Override
    public String toString() {
        // Fields hold codes, verifiers and refresh tokens.
        return "PostedForm[" + client.clientId() + "]";
    }
}
