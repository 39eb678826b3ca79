package dev.stormwatch.oauth;

import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jwt.JWTClaimsSet;
import dev.stormwatch.base.Secret;
import dev.stormwatch.testing.FakeClock;
import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Collections;
import java.util.Date;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.UnaryOperator;
import okhttp3.HttpUrl;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;

/**
 * A scriptable OpenID provider on MockWebServer for protocol tests: real sockets, standard endpoints, and per-path
 * queues of scripted answers served before the normal behaviour.
 */
final class FakeProvider implements AutoCloseable {

    final MockWebServer server = new MockWebServer();
    final FakeClock clock;
    final String issuer;
    /** One key for all tests: RSA key generation is slow on a busy machine. */
    private static final RSAKey DEFAULT_KEY = TestKeys.rsa("k1");

    volatile RSAKey signingKey = DEFAULT_KEY;
    final List<RSAKey> published = Collections.synchronizedList(new ArrayList<>(List.of(signingKey)));
    final Map<String, Deque<MockResponse>> scripted = new ConcurrentHashMap<>();
    final List<RecordedRequest> received = Collections.synchronizedList(new ArrayList<>());
    final Map<String, AtomicInteger> hits = new ConcurrentHashMap<>();
    volatile boolean par;
    volatile boolean advertiseIss = true;
    volatile String issParameter;
    volatile boolean sendIss = true;
    volatile String redirectState;
    volatile boolean rotateRefreshTokens = true;
    /** Whether token answers carry an ID token; a provider sends none when openid was not asked (DV9). */
    volatile boolean idTokens = true;

    volatile boolean dpop;
    volatile String requiredDpopNonce;
    volatile String revocationEndpoint;
    volatile String userinfoSub = "alice";
    volatile UnaryOperator<JWTClaimsSet.Builder> idToken = UnaryOperator.identity();
    volatile int tokenLifetimeSeconds = 300;
    /** A real delay on normal token answers, so concurrent callers overlap (F4); not a time rule. */
    volatile long tokenDelayMillis;

    volatile String currentRefreshToken;
    /** Whether discovery names the device authorization endpoint (RFC 8628 §4). */
    volatile boolean deviceEndpoint = true;
    /** Whether discovery names an end_session_endpoint (RP-Initiated Logout 1.0); nothing answers it. */
    volatile boolean endSessionEndpoint;
    /** Whether discovery names mtls_endpoint_aliases (RFC 8705 §5): the same answers under /mtls/. */
    volatile boolean mtlsAliases;
    /** The origin the aliases name (TX5 over TLS: a proxy that asks for the certificate); null for the issuer's. */
    volatile String mtlsOrigin;

    /**
     * When set, every access token is a JWT bound to the certificate of this SHA-256 thumbprint ({@code cnf},
     * RFC 8705 §3.1), as a provider that saw that certificate would issue it (TX2).
     */
    volatile String boundToThumbprint;

    volatile long deviceExpiresInSeconds = 600;
    /** The device answer's interval; 0 leaves it out (RFC 8628 §3.2's default of 5 s then applies). */
    volatile long deviceIntervalSeconds = 5;

    private final Map<String, Map<String, String>> codes = new ConcurrentHashMap<>();
    private final Map<String, Map<String, String>> pushed = new ConcurrentHashMap<>();
    private final AtomicInteger counter = new AtomicInteger();

    FakeProvider(FakeClock clock) throws IOException {
        this.clock = clock;
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                received.add(request);
                String path = request.getRequestUrl().encodedPath();
                hits.computeIfAbsent(path, p -> new AtomicInteger()).incrementAndGet();
                Deque<MockResponse> queue = scripted.get(path);
                if (queue != null) {
                    synchronized (queue) {
                        if (!queue.isEmpty()) {
                            return queue.poll();
                        }
                    }
                }
                return normal(path.startsWith("/mtls/") ? path.substring("/mtls".length()) : path, request);
            }
        });
        server.start(InetAddress.getByName("127.0.0.1"), 0);
        issuer = "http://127.0.0.1:" + server.getPort();
    }

    /** Serves these answers on {@code path} before the normal behaviour. */
    FakeProvider script(String path, MockResponse... responses) {
        Deque<MockResponse> queue = scripted.computeIfAbsent(path, p -> new ArrayDeque<>());
        synchronized (queue) {
            queue.addAll(List.of(responses));
        }
        return this;
    }

    int hits(String path) {
        AtomicInteger n = hits.get(path);
        return n == null ? 0 : n.get();
    }

    List<RecordedRequest> requestsTo(String path) {
        synchronized (received) {
            return received.stream()
                    .filter(r -> r.getRequestUrl().encodedPath().equals(path))
                    .toList();
        }
    }

    static MockResponse status(int code, String retryAfter) {
        MockResponse r = new MockResponse().setResponseCode(code).setBody("{\"error\":\"busy\"}");
        return retryAfter == null ? r : r.setHeader("Retry-After", retryAfter);
    }

    static MockResponse oauthError(int code, String error) {
        return new MockResponse()
                .setResponseCode(code)
                .setHeader("Content-Type", "application/json")
                .setBody("{\"error\":\"" + error + "\"}");
    }

    private MockResponse normal(String path, RecordedRequest request) {
        return switch (path) {
            case "/.well-known/openid-configuration" -> json(metadata());
            case "/jwks" -> json(TestKeys.jwks(published.toArray(RSAKey[]::new)));
            case "/authorize" -> authorize(request.getRequestUrl());
            case "/par" -> pushAuthorization(form(request));
            case "/token" -> token(request).setBodyDelay(tokenDelayMillis, java.util.concurrent.TimeUnit.MILLISECONDS);
            case "/userinfo" -> json("{\"sub\":\"" + userinfoSub + "\",\"name\":\"Alice\"}");
            case "/revoke" -> new MockResponse().setResponseCode(200);
            case "/device" ->
                json("{\"device_code\":\"device-" + counter.incrementAndGet() + "\","
                        + "\"user_code\":\"WDJB-MJHT\",\"verification_uri\":\"" + issuer + "/activate\","
                        + "\"verification_uri_complete\":\"" + issuer + "/activate?user_code=WDJB-MJHT\","
                        + "\"expires_in\":" + deviceExpiresInSeconds
                        + (deviceIntervalSeconds > 0 ? ",\"interval\":" + deviceIntervalSeconds : "") + "}");
            default -> new MockResponse().setResponseCode(404);
        };
    }

    private String metadata() {
        return "{\"issuer\":\"" + issuer + "\","
                + "\"authorization_endpoint\":\"" + issuer + "/authorize\","
                + "\"token_endpoint\":\"" + issuer + "/token\","
                + "\"userinfo_endpoint\":\"" + issuer + "/userinfo\","
                + "\"jwks_uri\":\"" + issuer + "/jwks\","
                + (deviceEndpoint ? "\"device_authorization_endpoint\":\"" + issuer + "/device\"," : "")
                + "\"revocation_endpoint\":\"" + (revocationEndpoint != null ? revocationEndpoint : issuer + "/revoke")
                + "\","
                + (endSessionEndpoint ? "\"end_session_endpoint\":\"" + issuer + "/endsession\"," : "")
                + (par ? "\"pushed_authorization_request_endpoint\":\"" + issuer + "/par\"," : "")
                + (mtlsAliases ? aliases(mtlsOrigin != null ? mtlsOrigin : issuer) : "")
                + "\"authorization_response_iss_parameter_supported\":" + advertiseIss + ","
                + "\"code_challenge_methods_supported\":[\"S256\"],"
                + "\"id_token_signing_alg_values_supported\":[\"RS256\"],"
                + "\"dpop_signing_alg_values_supported\":[\"ES256\"]}";
    }

    private static String aliases(String origin) {
        return "\"mtls_endpoint_aliases\":{\"token_endpoint\":\"" + origin + "/mtls/token\","
                + "\"userinfo_endpoint\":\"" + origin + "/mtls/userinfo\",\"revocation_endpoint\":\"" + origin
                + "/mtls/revoke\",\"pushed_authorization_request_endpoint\":\"" + origin + "/mtls/par\"},";
    }

    private MockResponse authorize(HttpUrl url) {
        Map<String, String> params = new HashMap<>();
        for (String name : url.queryParameterNames()) {
            params.put(name, url.queryParameter(name));
        }
        if (params.containsKey("request_uri")) {
            params = pushed.remove(params.get("request_uri"));
            if (params == null) {
                return new MockResponse().setResponseCode(400).setBody("unknown request_uri");
            }
        }
        String code = "code-" + counter.incrementAndGet();
        codes.put(code, params);
        String state = redirectState != null ? redirectState : params.get("state");
        String location = params.get("redirect_uri") + "?code=" + code + "&state=" + state
                + (sendIss
                        ? "&iss="
                                + java.net.URLEncoder.encode(
                                        issParameter != null ? issParameter : issuer,
                                        java.nio.charset.StandardCharsets.UTF_8)
                        : "");
        return new MockResponse().setResponseCode(302).setHeader("Location", location);
    }

    private MockResponse pushAuthorization(Map<String, String> form) {
        String uri = "urn:ietf:params:oauth:request_uri:" + counter.incrementAndGet();
        pushed.put(uri, form);
        return new MockResponse()
                .setResponseCode(201)
                .setHeader("Content-Type", "application/json")
                .setBody("{\"request_uri\":\"" + uri + "\",\"expires_in\":60}");
    }

    private MockResponse token(RecordedRequest request) {
        Map<String, String> form = form(request);
        if (dpop && requiredDpopNonce != null) {
            String proof = request.getHeader("DPoP");
            if (proof == null || !proof.isEmpty() && !nonceOf(proof).equals(requiredDpopNonce)) {
                return oauthError(400, "use_dpop_nonce").setHeader("DPoP-Nonce", requiredDpopNonce);
            }
        }
        String nonce = null;
        if ("authorization_code".equals(form.get("grant_type"))) {
            Map<String, String> auth = codes.remove(form.get("code"));
            if (auth == null
                    || !Pkce.fromVerifier(form.getOrDefault("code_verifier", ""))
                            .challenge()
                            .equals(auth.get("code_challenge"))
                    || !form.get("redirect_uri").equals(auth.get("redirect_uri"))) {
                return oauthError(400, "invalid_grant");
            }
            nonce = auth.get("nonce");
        } else if (OAuthClient.DEVICE_CODE_GRANT.equals(form.get("grant_type"))) {
            if (form.getOrDefault("device_code", "").isEmpty()) {
                return oauthError(400, "invalid_request");
            }
        } else if ("client_credentials".equals(form.get("grant_type"))) {
            return json("{\"access_token\":\"" + accessToken("machine-" + counter.incrementAndGet())
                    + "\",\"token_type\":\"Bearer\","
                    + "\"expires_in\":" + tokenLifetimeSeconds + ",\"scope\":\"" + form.getOrDefault("scope", "")
                    + "\"}");
        } else if ("refresh_token".equals(form.get("grant_type"))) {
            if (currentRefreshToken == null || !currentRefreshToken.equals(form.get("refresh_token"))) {
                return oauthError(400, "invalid_grant");
            }
        } else {
            return oauthError(400, "unsupported_grant_type");
        }
        String access = accessToken("access-" + counter.incrementAndGet());
        boolean issueRefresh = rotateRefreshTokens || currentRefreshToken == null;
        if (issueRefresh) {
            currentRefreshToken = "refresh-" + counter.incrementAndGet();
        }
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .issuer(issuer)
                .subject("alice")
                .audience("app")
                .issueTime(Date.from(clock.instant()))
                .expirationTime(Date.from(clock.instant().plusSeconds(300)))
                .claim(
                        "at_hash",
                        IdTokenValidator.accessTokenHash(com.nimbusds.jose.JWSAlgorithm.RS256, Secret.of(access)));
        if (nonce != null) {
            claims.claim("nonce", nonce);
        }
        String signedIdToken =
                TestKeys.sign(signingKey, this.idToken.apply(claims).build()).reveal();
        return json("{\"access_token\":\"" + access + "\",\"token_type\":\"" + (dpop ? "DPoP" : "Bearer") + "\","
                + (issueRefresh ? "\"refresh_token\":\"" + currentRefreshToken + "\"," : "")
                + (idTokens ? "\"id_token\":\"" + signedIdToken + "\"," : "")
                + "\"expires_in\":" + tokenLifetimeSeconds + "}");
    }

    /** {@code id} as the access token, or a JWT bound to {@link #boundToThumbprint} holding it as {@code jti}. */
    private String accessToken(String id) {
        String thumbprint = boundToThumbprint;
        if (thumbprint == null) {
            return id;
        }
        java.util.Base64.Encoder b64 = java.util.Base64.getUrlEncoder().withoutPadding();
        String payload = "{\"jti\":\"" + id + "\",\"cnf\":{\"x5t#S256\":\"" + thumbprint + "\"}}";
        return b64.encodeToString("{\"alg\":\"RS256\"}".getBytes(java.nio.charset.StandardCharsets.UTF_8)) + "."
                + b64.encodeToString(payload.getBytes(java.nio.charset.StandardCharsets.UTF_8)) + ".c2ln";
    }

    static String nonceOf(String proof) {
        try {
            Object nonce =
                    com.nimbusds.jwt.SignedJWT.parse(proof).getJWTClaimsSet().getClaim("nonce");
            return nonce == null ? "" : nonce.toString();
        } catch (java.text.ParseException e) {
            return "";
        }
    }

    static Map<String, String> form(RecordedRequest request) {
        Map<String, String> form = new HashMap<>();
        String body = request.getBody().clone().readUtf8();
        LoopbackReceiver.parseQuery(body).forEach((k, v) -> form.put(k, v.get(0)));
        return form;
    }

    private static MockResponse json(String body) {
        return new MockResponse().setHeader("Content-Type", "application/json").setBody(body);
    }

    URI url(String path) {
        return URI.create(issuer + path);
    }

    @Override
    public void close() throws IOException {
        server.shutdown();
    }
}
