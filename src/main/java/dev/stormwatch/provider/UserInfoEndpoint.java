package dev.stormwatch.provider;

import dev.stormwatch.server.DpopVerifier;
import dev.stormwatch.server.Handler;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * The UserInfo endpoint (OpenID Connect Core §5.3): a Bearer token (RFC 6750 §2.1) or a DPoP-bound token with its
 * proof (RFC 9449 §7), errors in {@code WWW-Authenticate} (RFC 6750 §3, RFC 9449 §7.1).
 */
final class UserInfoEndpoint implements Handler {

    private static final String REALM = "realm=\"stormwatch-demo\"";

    private final ProviderState state;

    UserInfoEndpoint(ProviderState state) {
        this.state = state;
    }

    @Override
    public Response handle(Request request) {
        if (!request.method().equals("GET") && !request.method().equals("POST")) {
            return Response.json(405, Map.of("error", "invalid_request", "error_description", "use GET or POST"))
                    .withHeader("Allow", "GET, POST");
        }
        Optional<String> authorization = request.header("Authorization");
        if (authorization.isEmpty()) {
            // RFC 6750 §3.1: no credentials, no error code, neither in the challenge nor in the body.
            return challenge(401, "Bearer " + REALM, Map.of());
        }
        String[] parts = authorization.get().trim().split(" +", 2);
        String scheme = parts[0].toLowerCase(Locale.ROOT);
        if (parts.length != 2 || !(scheme.equals("bearer") || scheme.equals("dpop"))) {
            return challenge(
                    400,
                    "Bearer " + REALM + ", error=\"invalid_request\", "
                            + "error_description=\"use the Bearer or DPoP scheme\"",
                    Map.of("error", "invalid_request"));
        }
        boolean dpopScheme = scheme.equals("dpop");
        String token = parts[1].trim();
        Optional<Grant> grant = state.families().activeAccessToken(token);
        if (grant.isEmpty()) {
            return invalid(dpopScheme, "invalid_token", "the access token is unknown, expired or revoked");
        }
        if (grant.get().jkt().isPresent() && !dpopScheme) {
            // RFC 9449 §7.2: a DPoP-bound token presented as a plain Bearer token is refused.
            return invalid(false, "invalid_token", "this token is DPoP-bound; use the DPoP scheme with a proof");
        }
        if (grant.get().jkt().isEmpty() && dpopScheme) {
            return invalid(true, "invalid_token", "this token is not DPoP-bound; use the Bearer scheme");
        }
        if (dpopScheme) {
            DpopVerifier.Outcome proof = state.dpop()
                    .verify(request, request.method(), state.endpoint(ProviderState.USERINFO), Optional.of(token));
            if (proof instanceof DpopVerifier.Outcome.NonceNeeded needed) {
                return invalid(true, "use_dpop_nonce", "the DPoP proof must carry the server's nonce")
                        .withHeader("DPoP-Nonce", needed.nonce());
            }
            if (proof instanceof DpopVerifier.Outcome.Invalid bad) {
                return invalid(true, "invalid_dpop_proof", bad.description());
            }
            if (!grant.get().jkt().get().equals(((DpopVerifier.Outcome.Valid) proof).jkt())) {
                return invalid(true, "invalid_dpop_proof", "the proof's key does not match the token's cnf.jkt");
            }
        }
        return Response.json(200, claims(grant.get())).withHeader("Cache-Control", "no-store");
    }

    private static Map<String, Object> claims(Grant grant) {
        Map<String, Object> claims = new LinkedHashMap<>();
        claims.put("sub", grant.user().subject());
        if (grant.scope().contains("profile")) {
            claims.put("name", grant.user().name());
            claims.put("preferred_username", grant.user().subject());
        }
        if (grant.scope().contains("email")) {
            claims.put("email", grant.user().email());
            claims.put("email_verified", true);
        }
        return claims;
    }

    private Response invalid(boolean dpop, String error, String description) {
        String value = (dpop ? "DPoP " : "Bearer ") + REALM + ", error=\"" + error + "\", error_description=\""
                + description + "\"";
        if (dpop) {
            value += ", algs=\"" + String.join(" ", DpopVerifier.ALGORITHMS) + "\"";
        }
        return challenge(401, value, Map.of("error", error));
    }

    private static Response challenge(int status, String wwwAuthenticate, Map<String, Object> body) {
        return Response.json(status, body)
                .withHeader("WWW-Authenticate", wwwAuthenticate)
                .withHeader("Cache-Control", "no-store");
    }
}
