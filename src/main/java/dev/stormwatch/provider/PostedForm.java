package dev.stormwatch.provider;

import dev.stormwatch.server.FormBody;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/**
 * The form body of a back-channel request (token, PAR, revocation): {@code POST}, {@code application/x-www-form-urlencoded},
 * each parameter at most once (RFC 6749 §3.2), and the public client named by {@code client_id} (§2.3, §3.2.1).
 */
record PostedForm(Map<String, String> fields, ClientRegistration client) {

    /** What reading the form found. */
    sealed interface Read {
        record Ok(PostedForm form) implements Read {}

        record Bad(OAuthError error) implements Read {}
    }

    /**
     * Reads the posted form and hands it to {@code endpoint}, or answers the RFC's error for a form that cannot be
     * read (wrong content type, missing or repeated parameters, an unknown client): one way for every endpoint.
     */
    static Response answer(Request request, Map<String, ClientRegistration> clients,
            Function<PostedForm, Response> endpoint) {
        Read read = read(request, clients);
        if (read instanceof Read.Bad bad) {
            return bad.error().response();
        }
        return endpoint.apply(((Read.Ok) read).form());
    }

    static Read read(Request request, Map<String, ClientRegistration> clients) {
        if (!request.method().equals("POST")) {
            return new Read.Bad(new OAuthError(405, "invalid_request", "use POST"));
        }
        if (!request.hasContentType("application/x-www-form-urlencoded")) {
            return new Read.Bad(OAuthError.invalidRequest("send the parameters as application/x-www-form-urlencoded"));
        }
        Map<String, String> fields = new HashMap<>();
        for (Map.Entry<String, List<String>> p : FormBody.parse(request.bodyText()).entrySet()) {
            if (p.getValue().size() > 1) {
                return new Read.Bad(OAuthError.invalidRequest(p.getKey() + " is repeated"));
            }
            fields.put(p.getKey(), p.getValue().get(0));
        }
        String clientId = fields.get("client_id");
        if (clientId == null || clientId.isEmpty()) {
            return new Read.Bad(OAuthError.invalidClient("client_id is required for a public client"));
        }
        ClientRegistration client = clients.get(clientId);
        if (client == null) {
            return new Read.Bad(OAuthError.invalidClient("unknown client_id"));
        }
        return new Read.Ok(new PostedForm(fields, client));
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
