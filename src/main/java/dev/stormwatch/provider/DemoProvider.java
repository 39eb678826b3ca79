package dev.stormwatch.provider;

import dev.stormwatch.server.DpopNonces;
import dev.stormwatch.server.DpopVerifier;
import dev.stormwatch.server.FaultAdmin;
import dev.stormwatch.server.FaultPlan;
import dev.stormwatch.server.FaultResponder;
import dev.stormwatch.server.FaultingHandler;
import dev.stormwatch.server.Handler;
import dev.stormwatch.server.LoopbackServer;
import dev.stormwatch.server.Response;
import dev.stormwatch.server.ServerOptions;
import java.io.IOException;
import java.net.URI;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;
import java.util.stream.Collectors;

/**
 * The embedded demo OpenID provider (OpenID Connect Core 1.0 with PKCE, PAR, DPoP, revocation, RP-initiated
 * logout and the device authorization grant) on 127.0.0.1, with faults that can be planned per endpoint at runtime.
 *
 * <pre>{@code
 * try (DemoProvider provider = DemoProvider.start(ProviderConfig.defaults())) {
 *     URI issuer = provider.issuer();                 // http://127.0.0.1:PORT
 *     provider.faults().inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(5)), 2);
 * }
 * }</pre>
 */
public final class DemoProvider implements AutoCloseable {

    /** Admin path: POST rotates the signing keys. */
    public static final String ROTATE_KEYS_PATH = "/admin/keys/rotate";

    private final LoopbackServer server;
    private final FaultPlan faults;
    private final ProviderState state;

    private DemoProvider(LoopbackServer server, FaultPlan faults, ProviderState state) {
        this.server = server;
        this.faults = faults;
        this.state = state;
    }

    /**
     * Starts the provider on {@code config.port()} (0: a free port) and returns once it accepts connections.
     *
     * @throws IOException when the port cannot be bound
     */
    public static DemoProvider start(ProviderConfig config) throws IOException {
        FaultPlan faults = new FaultPlan();
        SigningKeys keys = new SigningKeys();
        ProviderState[] built = new ProviderState[1];
        Function<URI, Map<String, Handler>> routes = base -> {
            built[0] = state(config, base.toString(), keys);
            return routes(built[0], faults);
        };
        ServerOptions options = ServerOptions.defaults()
                .withPort(config.port())
                .withClock(config.clock())
                .withSleeper(config.sleeper())
                .withMaxBodyBytes(64 * 1024)
                .withKeepAlive(config.keepAlive());
        LoopbackServer server = LoopbackServer.start("demo-provider", options, routes);
        return new DemoProvider(server, faults, built[0]);
    }

    private static ProviderState state(ProviderConfig config, String issuer, SigningKeys keys) {
        Map<String, ClientRegistration> clients =
                config.clients().stream().collect(Collectors.toMap(ClientRegistration::clientId, c -> c));
        DpopNonces nonces = new DpopNonces(config.random(), config.dpopNonceRequired());
        return new ProviderState(
                config,
                issuer,
                clients,
                keys,
                new TokenMint(issuer, keys, config.random()),
                new AuthorizationCodes(config.clock()),
                new TokenFamilies(config.clock(), config.refreshTokenTtl()),
                new SingleUseStore<>(config.clock()),
                new SingleUseStore<>(config.clock()),
                nonces,
                new DpopVerifier(config.clock(), nonces),
                new ClientAssertionCheck(
                        config.clock(),
                        java.util.Set.of(issuer, issuer + ProviderState.TOKEN, issuer + ProviderState.PAR)),
                new DeviceCodes(config.clock(), config.random()));
    }

    /**
     * PF8: WebFinger (RFC 7033) for any account at this provider's host and port: the issuer link of OIDC Discovery
     * §2. Another host's account is not known here (404); without a resource the request is refused (400).
     */
    private static Response webFinger(ProviderState state, dev.stormwatch.server.Request request) {
        String resource = request.queryParameters().getOrDefault("resource", java.util.List.of()).stream()
                .findFirst()
                .orElse("");
        if (resource.isEmpty()) {
            return Response.json(400, Map.of("error", "invalid_request", "error_description", "resource is missing"));
        }
        URI issuer = URI.create(state.issuer());
        String authority = issuer.getHost() + (issuer.getPort() < 0 ? "" : ":" + issuer.getPort());
        if (!resource.startsWith("acct:") || !resource.endsWith("@" + authority)) {
            return Response.json(404, Map.of("error", "not_found"));
        }
        Map<String, Object> jrd = new LinkedHashMap<>();
        jrd.put("subject", resource);
        jrd.put(
                "links",
                java.util.List.of(Map.of("rel", "http://openid.net/specs/connect/1.0/issuer", "href", state.issuer())));
        return Response.of(200, "application/jrd+json", Response.jsonBytes(jrd));
    }

    private static Map<String, Handler> routes(ProviderState state, FaultPlan faults) {
        FaultResponder responder =
                new FaultResponder(state.clock(), state.config().sleeper());
        Map<String, Handler> endpoints = new LinkedHashMap<>();
        endpoints.put(ProviderState.DISCOVERY, request -> Response.json(200, DiscoveryDocument.of(state)));
        endpoints.put(
                ProviderState.JWKS,
                request -> Response.of(
                        200,
                        "application/jwk-set+json",
                        Response.jsonBytes(state.keys().publicJwks())));
        endpoints.put(ProviderState.AUTHORIZE, new AuthorizationEndpoint(state));
        endpoints.put(ProviderState.PAR, new ParEndpoint(state));
        endpoints.put(ProviderState.TOKEN, new TokenEndpoint(state));
        endpoints.put(ProviderState.USERINFO, new UserInfoEndpoint(state));
        endpoints.put(ProviderState.REVOKE, new RevocationEndpoint(state));
        endpoints.put(ProviderState.LOGOUT, new EndSessionEndpoint(state));
        endpoints.put(ProviderState.INTROSPECT, new IntrospectionEndpoint(state));
        endpoints.put(ProviderState.WEBFINGER, request -> webFinger(state, request));
        endpoints.put(ProviderState.DEVICE_AUTHORIZATION, new DeviceAuthorizationEndpoint(state));
        endpoints.put(ProviderState.DEVICE, new DeviceVerificationPage(state));
        Map<String, Handler> routes = new LinkedHashMap<>();
        endpoints.forEach((path, handler) -> routes.put(path, new FaultingHandler(path, faults, responder, handler)));
        routes.put(FaultAdmin.PATH, new FaultAdmin(faults));
        routes.put(ROTATE_KEYS_PATH, request -> {
            if (!request.method().equals("POST")) {
                return Response.json(405, Map.of("error", "invalid_request", "error_description", "use POST"));
            }
            state.keys().rotate();
            return Response.json(
                    200, Map.of("current_kid", state.keys().currentKeyId(ProviderConfig.SigningAlgorithm.RS256)));
        });
        return routes;
    }

    /** The issuer identifier, {@code http://127.0.0.1:PORT} (no trailing slash). */
    public URI issuer() {
        return URI.create(state.issuer());
    }

    /** Same as {@link #issuer()}: where the endpoints live. */
    public URI baseUrl() {
        return server.baseUri();
    }

    /** The discovery document's URL. */
    public URI discoveryUrl() {
        return state.endpoint(ProviderState.DISCOVERY);
    }

    /** The JWK Set's URL, for resource servers such as the relay. */
    public URI jwksUrl() {
        return state.endpoint(ProviderState.JWKS);
    }

    public int port() {
        return server.port();
    }

    /** The faults planned per endpoint path ({@code /token}, {@code /userinfo}, {@code /par}, ...). */
    public FaultPlan faults() {
        return faults;
    }

    /** New signing keys; the previous ones stay in the JWK Set for one more rotation. */
    public void rotateKeys() {
        state.keys().rotate();
    }

    /** The key id that signs ID tokens now. */
    public String currentKeyId() {
        return state.keys().currentKeyId(state.config().idTokenAlgorithm());
    }

    /** Switches server-supplied DPoP nonces (RFC 9449 §8) on or off. */
    public void requireDpopNonces(boolean required) {
        state.nonces().require(required);
    }

    /** Issues a new DPoP nonce; the old one stays valid until the next rotation. */
    public void rotateDpopNonce() {
        state.nonces().rotate();
    }

    /** How many requests with this method and path the provider has read since it started (its own record). */
    public long requestsReceived(String method, String path) {
        return server.requestsReceived(method, path);
    }

    /** DV7: every poll of the token endpoint with a device code so far, oldest first (the provider's own record). */
    public java.util.List<DevicePoll> devicePolls() {
        return state.devices().polls();
    }

    /** How many connections the provider has accepted since it started. */
    public long acceptedConnections() {
        return server.acceptedConnections();
    }

    /** Resets every open connection (a network hiccup). */
    public int resetOpenConnections() {
        return server.resetOpenConnections();
    }

    @Override
    public void close() {
        server.close();
    }
}
