package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jwt.SignedJWT;
import dev.stormwatch.testing.FakeClock;
import java.net.http.HttpResponse;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The demo provider's own routes beside the OAuth endpoints (WebFinger, the key-rotation admin), its accessors and
 * the choices of its configuration (ES256 ID tokens, a private_key_jwt client in discovery), over real sockets.
 */
class DemoProviderEdgesTest {

    private static final FakeClock CLOCK = FakeClock.atNewYear();

    @RegisterExtension
    static final RunningDemoProvider DEMO = new RunningDemoProvider(CLOCK);

    private static String account(String user) {
        return "acct:" + user + "@127.0.0.1:" + DEMO.provider().port();
    }

    @Test
    @DisplayName("PF8: WebFinger names this provider as the issuer of an account at its host and port, as a JRD")
    void webFingerLinksAnAccountOfThisHostToTheIssuer() throws Exception {
        HttpResponse<String> answer =
                DEMO.driver().get("/.well-known/webfinger?resource=" + account("alice") + "&rel=x");

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Content-Type")).contains("application/jrd+json");
        JsonNode jrd = ProviderDriver.json(answer);
        assertThat(jrd.path("subject").asText()).isEqualTo(account("alice"));
        assertThat(jrd.path("links").get(0).path("rel").asText())
                .isEqualTo("http://openid.net/specs/connect/1.0/issuer");
        assertThat(jrd.path("links").get(0).path("href").asText())
                .isEqualTo(DEMO.provider().issuer().toString());
    }

    @Test
    @DisplayName("PF8: WebFinger without a resource is 400 invalid_request; another host's account, or a resource"
            + " that is not an acct: URI, is 404")
    void webFingerRefusesWhatItDoesNotKnow() throws Exception {
        HttpResponse<String> missing = DEMO.driver().get("/.well-known/webfinger");
        HttpResponse<String> empty = DEMO.driver().get("/.well-known/webfinger?resource=");
        HttpResponse<String> otherHost = DEMO.driver().get("/.well-known/webfinger?resource=acct:alice@idp.example");
        HttpResponse<String> otherPort = DEMO.driver()
                .get("/.well-known/webfinger?resource=acct:alice@127.0.0.1:"
                        + (DEMO.provider().port() == 1 ? 2 : 1));
        HttpResponse<String> notAcct = DEMO.driver()
                .get("/.well-known/webfinger?resource=mailto:alice@127.0.0.1:"
                        + DEMO.provider().port());

        for (HttpResponse<String> refused : List.of(missing, empty)) {
            assertThat(refused.statusCode()).isEqualTo(400);
            assertThat(ProviderDriver.json(refused).path("error").asText()).isEqualTo("invalid_request");
        }
        for (HttpResponse<String> unknown : List.of(otherHost, otherPort, notAcct)) {
            assertThat(unknown.statusCode()).isEqualTo(404);
            assertThat(ProviderDriver.json(unknown).path("error").asText()).isEqualTo("not_found");
        }
    }

    @Test
    @DisplayName("The admin path rotates the keys on POST only and names the new RS256 key; the old one stays"
            + " published")
    void theAdminPathRotatesTheKeysOnPostOnly() throws Exception {
        String before = DEMO.provider().currentKeyId();

        HttpResponse<String> get = DEMO.driver().get(DemoProvider.ROTATE_KEYS_PATH);
        assertThat(get.statusCode()).isEqualTo(405);
        assertThat(ProviderDriver.json(get).path("error").asText()).isEqualTo("invalid_request");
        assertThat(DEMO.provider().currentKeyId()).isEqualTo(before);

        HttpResponse<String> post = DEMO.driver().postForm(DemoProvider.ROTATE_KEYS_PATH, Map.of(), Map.of());
        assertThat(post.statusCode()).isEqualTo(200);
        String current = ProviderDriver.json(post).path("current_kid").asText();
        assertThat(current)
                .isEqualTo(DEMO.provider().currentKeyId())
                .isNotEqualTo(before)
                .startsWith("rs256-");
        JWKSet published = JWKSet.parse(DEMO.driver().get("/jwks").body());
        assertThat(published.getKeyByKeyId(before)).isNotNull();
        assertThat(published.getKeyByKeyId(current)).isNotNull();
    }

    @Test
    void theAccessorsNameTheEndpointsAndCountWhatCame() throws Exception {
        long discoveries = DEMO.provider().requestsReceived("GET", "/.well-known/openid-configuration");
        HttpResponse<String> discovery = DEMO.driver().get("/.well-known/openid-configuration");

        assertThat(DEMO.provider().discoveryUrl())
                .isEqualTo(DEMO.provider().issuer().resolve("/.well-known/openid-configuration"));
        assertThat(DEMO.provider().jwksUrl().toString())
                .isEqualTo(DEMO.provider().issuer() + "/jwks");
        assertThat(DEMO.provider().baseUrl().getPort())
                .isEqualTo(DEMO.provider().port())
                .isPositive();
        assertThat(ProviderDriver.json(discovery).path("jwks_uri").asText())
                .isEqualTo(DEMO.provider().jwksUrl().toString());
        assertThat(DEMO.provider().requestsReceived("GET", "/.well-known/openid-configuration") - discoveries)
                .isEqualTo(1);
        assertThat(DEMO.provider().acceptedConnections()).isPositive();
        assertThat(DEMO.provider().devicePolls()).isEmpty();
    }

    @Test
    @DisplayName("CA5: with a private_key_jwt client registered, discovery lists the method for every endpoint and the"
            + " algorithms it verifies; ID tokens signed with ES256 carry the current ES256 key's id and verify")
    void anEs256ProviderWithAPrivateKeyJwtClient() throws Exception {
        ECKey clientKey = new ECKeyGenerator(Curve.P_256).keyID("client-1").generate();
        ProviderConfig config = ProviderConfig.defaults()
                .withClock(CLOCK)
                .withIdTokenAlgorithm(ProviderConfig.SigningAlgorithm.ES256)
                .withClients(List.of(
                        ClientRegistration.desktop(), ClientRegistration.privateKeyJwt("keyed-client", clientKey)));
        DemoProvider es = DemoProvider.start(config);
        try {
            ProviderDriver esDriver = new ProviderDriver(es, CLOCK);
            JsonNode doc = ProviderDriver.json(esDriver.get("/.well-known/openid-configuration"));
            for (String field : List.of(
                    "token_endpoint_auth_methods_supported",
                    "revocation_endpoint_auth_methods_supported",
                    "introspection_endpoint_auth_methods_supported")) {
                assertThat(doc.path(field).toString()).isEqualTo("[\"none\",\"private_key_jwt\"]");
            }
            assertThat(doc.path("token_endpoint_auth_signing_alg_values_supported")
                            .toString())
                    .isEqualTo("[\"RS256\",\"PS256\",\"ES256\"]");

            SignedJWT idToken =
                    SignedJWT.parse(esDriver.login(Map.of()).path("id_token").asText());
            assertThat(idToken.getHeader().getAlgorithm()).isEqualTo(JWSAlgorithm.ES256);
            assertThat(es.currentKeyId()).startsWith("es256-");
            assertThat(idToken.getHeader().getKeyID()).isEqualTo(es.currentKeyId());
            ECKey published = (ECKey) JWKSet.parse(esDriver.get("/jwks").body()).getKeyByKeyId(es.currentKeyId());
            assertThat(idToken.verify(new ECDSAVerifier(published))).isTrue();
            // The client's keep-alive connection is still open: a hiccup resets it.
            assertThat(es.resetOpenConnections()).isPositive();
        } finally {
            es.close();
        }
        assertThatThrownBy(() -> new ProviderDriver(es, CLOCK).get("/jwks")).isInstanceOf(java.io.IOException.class);
    }

    @Test
    @DisplayName("CA5: without a private_key_jwt client, discovery names no assertion algorithms")
    void discoveryWithoutAKeyedClientNamesNoAssertionAlgorithms() throws Exception {
        JsonNode doc = ProviderDriver.json(DEMO.driver().get("/.well-known/openid-configuration"));

        assertThat(doc.has("token_endpoint_auth_signing_alg_values_supported")).isFalse();
        assertThat(doc.path("introspection_endpoint").asText())
                .isEqualTo(DEMO.provider().issuer() + "/introspect");
        assertThat(doc.path("token_endpoint").asText())
                .isEqualTo(DEMO.provider().issuer() + "/token");
        assertThat(doc.path("authorization_endpoint").asText())
                .isEqualTo(DEMO.provider().issuer() + "/authorize");
        assertThat(doc.path("require_pushed_authorization_requests").asBoolean(true))
                .isFalse();
        assertThat(doc.path("grant_types_supported").toString())
                .isEqualTo("[\"authorization_code\",\"refresh_token\",\"client_credentials\","
                        + "\"urn:ietf:params:oauth:grant-type:device_code\"]");
    }
}
