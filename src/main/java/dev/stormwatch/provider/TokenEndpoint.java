package dev.stormwatch.provider;

import dev.stormwatch.server.DpopVerifier;
import dev.stormwatch.server.Handler;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The token endpoint (RFC 6749 §3.2): the authorization code grant with PKCE S256 (§4.1.3, RFC 7636 §4.6) and the
 * refresh token grant with rotation (§6); DPoP-bound tokens when a proof comes with the request (RFC 9449 §5).
 */
final class TokenEndpoint implements Handler {

    /** RFC 8628 §3.4. */
    static final String DEVICE_CODE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

    private final ProviderState state;

    TokenEndpoint(ProviderState state) {
        this.state = state;
    }

    @Override
    public Response handle(Request request) {
        return PostedForm.answer(request, state.clients(), state.assertions(), form -> handle(request, form));
    }

    private Response handle(Request request, PostedForm form) {
        Optional<String> grantType = form.field("grant_type");
        if (grantType.isEmpty()) {
            return OAuthError.invalidRequest("grant_type is required").response();
        }
        Optional<String> jkt = Optional.empty();
        if (!request.headerValues("DPoP").isEmpty()) {
            DpopVerifier.Outcome proof =
                    state.dpop().verify(request, "POST", state.endpoint(ProviderState.TOKEN), Optional.empty());
            if (proof instanceof DpopVerifier.Outcome.Invalid invalid) {
                return new OAuthError(400, "invalid_dpop_proof", invalid.description()).response();
            }
            if (proof instanceof DpopVerifier.Outcome.NonceNeeded needed) {
                // RFC 9449 §8: the client resends with this nonce.
                return new OAuthError(400, "use_dpop_nonce", "the DPoP proof must carry the server's nonce")
                        .response()
                        .withHeader("DPoP-Nonce", needed.nonce());
            }
            jkt = Optional.of(((DpopVerifier.Outcome.Valid) proof).jkt());
        }
        switch (grantType.get()) {
            case "authorization_code":
                return exchangeCode(form, jkt);
            case "refresh_token":
                return refresh(form, jkt);
            case "client_credentials":
                return clientCredentials(form);
            case DEVICE_CODE_GRANT:
                return deviceCode(form, jkt);
            default:
                return new OAuthError(
                                400,
                                "unsupported_grant_type",
                                "use authorization_code, refresh_token, client_credentials or " + DEVICE_CODE_GRANT)
                        .response();
        }
    }

    private Response exchangeCode(PostedForm form, Optional<String> jkt) {
        Optional<String> code = form.field("code");
        Optional<String> redirectUri = form.field("redirect_uri");
        Optional<String> verifier = form.field("code_verifier");
        if (code.isEmpty()) {
            return OAuthError.invalidRequest("code is required").response();
        }
        if (redirectUri.isEmpty()) {
            return OAuthError.invalidRequest("redirect_uri is required (it was sent in the authorization request)")
                    .response();
        }
        if (verifier.isEmpty()) {
            return OAuthError.invalidRequest("code_verifier is required (PKCE, RFC 7636 §4.5)")
                    .response();
        }
        AuthorizationCodes.Result redeemed = state.codes().redeem(code.get(), state.families()::revokeFamily);
        if (redeemed.redeemable().isEmpty()) {
            return OAuthError.invalidGrant(redeemed.refusal()).response();
        }
        AuthorizationCodes.Redeemable grant = redeemed.redeemable().get();
        if (!grant.request().clientId().equals(form.client().clientId())) {
            return OAuthError.invalidGrant("the code was issued to another client")
                    .response();
        }
        if (!grant.request().redirectUri().equals(redirectUri.get())) {
            // RFC 6749 §4.1.3: identical to the authorization request's redirect_uri, port included.
            return OAuthError.invalidGrant("redirect_uri differs from the authorization request")
                    .response();
        }
        if (!PkceCheck.wellFormedVerifier(verifier.get())
                || !PkceCheck.verifies(verifier.get(), grant.request().codeChallenge())) {
            return OAuthError.invalidGrant("code_verifier does not match the code_challenge")
                    .response();
        }
        Grant family = new Grant(
                state.mint().opaque(),
                form.client().clientId(),
                grant.user(),
                grant.request().scope(),
                grant.authTime(),
                jkt);
        String refreshToken = state.mint().opaque();
        state.families().open(family, refreshToken);
        state.codes().linkFamily(code.get(), family.familyId());
        return tokens(
                family,
                jkt,
                refreshToken,
                grant.request().nonce(),
                grant.request().scope().contains("openid"));
    }

    /**
     * RFC 6749 §4.4: a token for an authenticated confidential client itself: opaque, no refresh token (§4.4.3), no
     * ID token; a public client is refused ({@code unauthorized_client}).
     */
    private Response clientCredentials(PostedForm form) {
        // RFC 6749 §4.4: only a client that authenticated in this request; one registered for both a secret and
        // none may still use it with its secret.
        if (form.method().equals("none")) {
            return new OAuthError(
                            400,
                            "unauthorized_client",
                            "client_credentials needs client authentication; a public client cannot use it")
                    .response();
        }
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("access_token", state.mint().opaque());
        body.put("token_type", "Bearer");
        body.put("expires_in", state.config().accessTokenTtl().toSeconds());
        form.field("scope").ifPresent(scope -> body.put("scope", scope));
        return Response.json(200, body).withHeader("Cache-Control", "no-store").withHeader("Pragma", "no-cache");
    }

    /**
     * DV7: a poll with a device code (RFC 8628 §3.4): the §3.5 error while the person has not approved, tokens with an
     * ID token (for {@code openid}) once they have.
     */
    private Response deviceCode(PostedForm form, Optional<String> jkt) {
        Optional<String> deviceCode = form.field("device_code");
        if (deviceCode.isEmpty()) {
            return OAuthError.invalidRequest("device_code is required").response();
        }
        DeviceCodes.Polled polled =
                state.devices().poll(deviceCode.get(), form.client().clientId());
        if (polled instanceof DeviceCodes.Polled.Refused refused) {
            return new OAuthError(400, refused.error(), refused.description()).response();
        }
        DeviceCodes.Polled.Approved approved = (DeviceCodes.Polled.Approved) polled;
        Grant family = new Grant(
                state.mint().opaque(),
                approved.clientId(),
                approved.user(),
                approved.scope(),
                approved.authTime(),
                jkt);
        String refreshToken = state.mint().opaque();
        state.families().open(family, refreshToken);
        return tokens(
                family,
                jkt,
                refreshToken,
                Optional.empty(),
                List.of(approved.scope().split(" ")).contains("openid"));
    }

    private Response refresh(PostedForm form, Optional<String> jkt) {
        Optional<String> token = form.field("refresh_token");
        if (token.isEmpty()) {
            return OAuthError.invalidRequest("refresh_token is required").response();
        }
        TokenFamilies.Refreshed refreshed = state.families()
                .rotate(token.get(), form.client().clientId(), jkt, state.mint().opaque());
        if (refreshed instanceof TokenFamilies.Refreshed.Refused refused) {
            return OAuthError.invalidGrant(refused.description()).response();
        }
        TokenFamilies.Refreshed.Rotated rotated = (TokenFamilies.Refreshed.Rotated) refreshed;
        return tokens(rotated.grant(), jkt, rotated.refreshToken(), Optional.empty(), false);
    }

    private Response tokens(
            Grant grant, Optional<String> jkt, String refreshToken, Optional<String> nonce, boolean withIdToken) {
        Instant now = state.clock().instant();
        Instant expiresAt = now.plus(state.config().accessTokenTtl());
        String accessToken = state.mint().accessToken(grant, jkt, now, expiresAt);
        state.families().recordAccessToken(accessToken, grant, expiresAt);
        Map<String, Object> body = new LinkedHashMap<>();
        body.put("access_token", accessToken);
        body.put("token_type", jkt.isPresent() ? "DPoP" : "Bearer");
        body.put("expires_in", state.config().accessTokenTtl().toSeconds());
        body.put("refresh_token", refreshToken);
        // SX3: the refresh token's own lifetime, as Keycloak states it; every rotation starts it again.
        body.put("refresh_expires_in", state.config().refreshTokenTtl().toSeconds());
        body.put("scope", grant.scope());
        if (withIdToken) {
            body.put(
                    "id_token",
                    state.mint()
                            .idToken(
                                    grant,
                                    nonce,
                                    accessToken,
                                    now,
                                    now.plus(state.config().idTokenTtl()),
                                    state.config().idTokenAlgorithm()));
        }
        Response response =
                Response.json(200, body).withHeader("Cache-Control", "no-store").withHeader("Pragma", "no-cache");
        return state.nonces().required()
                ? response.withHeader("DPoP-Nonce", state.nonces().current())
                : response;
    }
}
