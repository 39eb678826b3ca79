package dev.stormwatch.provider;

import dev.stormwatch.server.Response;
import java.util.LinkedHashMap;
import java.util.Map;

/** An OAuth error response (RFC 6749 §5.2): a status, an error code and a description that says what to fix. */
record OAuthError(int status, String error, String description) {

    static OAuthError invalidRequest(String description) {
        return new OAuthError(400, "invalid_request", description);
    }

    static OAuthError invalidGrant(String description) {
        return new OAuthError(400, "invalid_grant", description);
    }

    static OAuthError invalidClient(String description) {
        return new OAuthError(401, "invalid_client", description);
    }

    /** The JSON response; never cached (RFC 6749 §5.1). */
    Response response() {
        Map<String, String> body = new LinkedHashMap<>();
        body.put("error", error);
        body.put("error_description", description);
        Response response = Response.json(status, body)
                .withHeader("Cache-Control", "no-store")
                .withHeader("Pragma", "no-cache");
        // RFC 6749 §5.2: a 401 invalid_client names the authentication scheme the client may use.
        return status == 401 && error.equals("invalid_client")
                ? response.withHeader("WWW-Authenticate", "Basic realm=\"stormwatch-demo\"")
                : response;
    }
}
