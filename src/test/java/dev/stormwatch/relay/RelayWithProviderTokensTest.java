package dev.stormwatch.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.nimbusds.jose.JOSEObjectType;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.base.Base64Url;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.StartedProviders;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.Date;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.UUID;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The relay accepts access tokens of the demo provider, checked against its JWKS, and records the subject. */
class RelayWithProviderTokensTest {

    private static final String VERIFIER = "relay-test-verifier-0123456789-abcdefghijklmnop";

    private final FakeClock clock = FakeClock.atNewYear();
    private final HttpClient http =
            HttpClient.newBuilder().followRedirects(HttpClient.Redirect.NEVER).build();

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;
    private Relay relay;

    @BeforeEach
    void start() throws Exception {
        provider = providers.start(ProviderConfig.defaults().withClock(clock));
        relay = Relay.start(RelayConfig.defaults()
                .withClock(clock)
                .withTrustedIssuer(new TrustedIssuer(provider.issuer().toString(), provider.jwksUrl())));
    }

    @AfterEach
    void stop() {
        relay.close();
    }

    @Test
    void aBearerTokenOfTheProviderIsAcceptedUntilItExpires() throws Exception {
        String accessToken = login(null).path("access_token").asText();
        assertThat(models("Bearer " + accessToken)).isEqualTo(200);
        assertThat(relay.log().all().get(0).principal()).isEqualTo("sub:alice");

        clock.advance(Duration.ofMinutes(5).plusSeconds(61));
        assertThat(models("Bearer " + accessToken)).isEqualTo(401);
    }

    @Test
    void aTokenOfAnotherSignerIsRefused() throws Exception {
        ECKey stranger = new ECKeyGenerator(Curve.P_256).keyID("es256-1").generate();
        SignedJWT forged = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.ES256)
                        .keyID("es256-1")
                        .type(new JOSEObjectType("at+jwt"))
                        .build(),
                new JWTClaimsSet.Builder()
                        .issuer(provider.issuer().toString())
                        .subject("mallory")
                        .audience("stormwatch-relay")
                        .expirationTime(Date.from(clock.instant().plusSeconds(300)))
                        .build());
        forged.sign(new ECDSASigner(stranger));
        assertThat(models("Bearer " + forged.serialize())).isEqualTo(401);

        assertThat(models("Bearer sk-demo")).isEqualTo(200);
    }

    @Test
    void aDpopBoundTokenNeedsTheDpopSchemeAndAProofOfItsKey() throws Exception {
        ECKey dpopKey = new ECKeyGenerator(Curve.P_256).generate();
        String bound = login(dpopKey).path("access_token").asText();
        assertThat(models("Bearer " + bound)).isEqualTo(401);
        assertThat(models("DPoP " + bound, proof(dpopKey, "POST", provider.baseUrl() + "/token", null)))
                .isEqualTo(401);
        assertThat(models(
                        "DPoP " + bound,
                        proof(
                                new ECKeyGenerator(Curve.P_256).generate(),
                                "GET",
                                relay.baseUrl() + "/v1/models",
                                bound)))
                .isEqualTo(401);
        assertThat(models("DPoP " + bound, proof(dpopKey, "GET", relay.baseUrl() + "/v1/models", bound)))
                .isEqualTo(200);
        assertThat(relay.log().all())
                .last()
                .extracting(RequestRecord::principal)
                .isEqualTo("sub:alice");
    }

    @Test
    void aTokenWithoutAKeyBindingSentWithTheDpopSchemeIsRefused() throws Exception {
        ECKey dpopKey = new ECKeyGenerator(Curve.P_256).generate();
        String unbound = login(null).path("access_token").asText();

        assertThat(models("DPoP " + unbound, proof(dpopKey, "GET", relay.baseUrl() + "/v1/models", unbound)))
                .isEqualTo(401);
        assertThat(models("Bearer " + unbound)).isEqualTo(200);
    }

    private String proof(ECKey key, String method, String url, String accessToken) throws Exception {
        JWTClaimsSet.Builder claims = new JWTClaimsSet.Builder()
                .jwtID(UUID.randomUUID().toString())
                .claim("htm", method)
                .claim("htu", url)
                .issueTime(Date.from(clock.instant()));
        if (accessToken != null) {
            claims.claim("ath", Base64Url.sha256(accessToken));
        }
        SignedJWT jwt = new SignedJWT(
                new JWSHeader.Builder(JWSAlgorithm.ES256)
                        .type(new JOSEObjectType("dpop+jwt"))
                        .jwk(key.toPublicJWK())
                        .build(),
                claims.build());
        jwt.sign(new ECDSASigner(key));
        return jwt.serialize();
    }

    private int models(String authorization, String dpopProof) throws Exception {
        return http.send(
                        HttpRequest.newBuilder(relay.baseUrl().resolve("/v1/models"))
                                .header("Authorization", authorization)
                                .header("DPoP", dpopProof)
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private int models(String authorization) throws Exception {
        return http.send(
                        HttpRequest.newBuilder(relay.baseUrl().resolve("/v1/models"))
                                .header("Authorization", authorization)
                                .build(),
                        HttpResponse.BodyHandlers.discarding())
                .statusCode();
    }

    private JsonNode login(ECKey dpopKey) throws Exception {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("response_type", "code");
        params.put("client_id", ClientRegistration.DESKTOP_CLIENT_ID);
        params.put("redirect_uri", "http://127.0.0.1:40000/callback");
        params.put("code_challenge", Base64Url.sha256(VERIFIER));
        params.put("code_challenge_method", "S256");
        String page = http.send(
                        HttpRequest.newBuilder(provider.baseUrl().resolve("/authorize?" + form(params)))
                                .build(),
                        HttpResponse.BodyHandlers.ofString())
                .body();
        Matcher m = Pattern.compile("name=\"interaction\" value=\"([^\"]+)\"").matcher(page);
        assertThat(m.find()).isTrue();
        HttpResponse<String> redirect =
                post("/authorize", Map.of("interaction", m.group(1), "user", "alice", "decision", "allow"), null);
        String location = redirect.headers().firstValue("Location").orElseThrow();
        String code = URI.create(location).getQuery().split("&")[0].substring("code=".length());
        String proof = dpopKey == null ? null : proof(dpopKey, "POST", provider.baseUrl() + "/token", null);
        HttpResponse<String> tokens = post(
                "/token",
                Map.of(
                        "grant_type",
                        "authorization_code",
                        "code",
                        code,
                        "redirect_uri",
                        "http://127.0.0.1:40000/callback",
                        "client_id",
                        ClientRegistration.DESKTOP_CLIENT_ID,
                        "code_verifier",
                        VERIFIER),
                proof);
        assertThat(tokens.statusCode()).isEqualTo(200);
        return new ObjectMapper().readTree(tokens.body());
    }

    private HttpResponse<String> post(String path, Map<String, String> fields, String dpop) throws Exception {
        HttpRequest.Builder request = HttpRequest.newBuilder(provider.baseUrl().resolve(path))
                .header("Content-Type", "application/x-www-form-urlencoded")
                .POST(HttpRequest.BodyPublishers.ofString(form(fields)));
        if (dpop != null) {
            request.header("DPoP", dpop);
        }
        return http.send(request.build(), HttpResponse.BodyHandlers.ofString());
    }

    private static String form(Map<String, String> fields) {
        return fields.entrySet().stream()
                .map(e -> e.getKey() + "=" + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }
}
