package dev.stormwatch.oauth;

import java.util.Arrays;

/**
 * The scopes a client asks for (RFC 6749 §3.3), checked in one place for the settings, the profiles and the window:
 * with {@code openid} the session is OpenID Connect and needs its ID token; without it the session is OAuth 2.0 only
 * (DV9).
 */
public final class Scopes {

    private Scopes() {}

    /** Whether {@code scope} asks for OpenID Connect, and so for an ID token (OIDC Core §3.1.2.1). */
    public static boolean hasOpenId(String scope) {
        return scope != null && Arrays.asList(scope.trim().split("\\s+")).contains("openid");
    }

    /**
     * {@code scope} when it asks for something, else a Configuration error: a blank scope would leave the provider to
     * guess what the session is for (DV9).
     */
    static String checked(String scope) {
        if (scope == null || scope.isBlank()) {
            throw Failures.configuration("scope is empty: give 'openid' (with more scopes if you like) for an OpenID"
                    + " Connect session with an ID token, or the API's scopes alone (such as 'message.read') for an"
                    + " OAuth 2.0-only session");
        }
        return scope;
    }
}
