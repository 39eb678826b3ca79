package dev.stormwatch.provider;

import dev.stormwatch.server.DpopNonces;
import dev.stormwatch.server.DpopVerifier;
import java.net.URI;
import java.time.Clock;
import java.util.Map;

/** Everything the provider's endpoints share: configuration, keys, issued codes and tokens, DPoP checking. */
record ProviderState(
        ProviderConfig config,
        String issuer,
        Map<String, ClientRegistration> clients,
        SigningKeys keys,
        TokenMint mint,
        AuthorizationCodes codes,
        TokenFamilies families,
        SingleUseStore<AuthorizationRequest> pushedRequests,
        SingleUseStore<AuthorizationRequest> interactions,
        DpopNonces nonces,
        DpopVerifier dpop,
        ClientAssertionCheck assertions,
        DeviceCodes devices) {

    static final String DISCOVERY = "/.well-known/openid-configuration";
    static final String JWKS = "/jwks";
    static final String AUTHORIZE = "/authorize";
    static final String PAR = "/par";
    static final String TOKEN = "/token";
    static final String USERINFO = "/userinfo";
    static final String REVOKE = "/revoke";
    static final String LOGOUT = "/logout";
    static final String INTROSPECT = "/introspect";
    static final String WEBFINGER = "/.well-known/webfinger";
    static final String DEVICE_AUTHORIZATION = "/device_authorization";
    static final String DEVICE = "/device";

    Clock clock() {
        return config.clock();
    }

    URI endpoint(String path) {
        return URI.create(issuer + path);
    }
}
