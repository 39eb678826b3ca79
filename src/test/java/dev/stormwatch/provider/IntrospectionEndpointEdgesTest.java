package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stormwatch.testing.FakeClock;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Introspection (RFC 7662 §2) and revocation (RFC 7009 §2) at the demo DEMO.provider(), over real sockets on a fake clock:
 * what each answers for the client's own tokens, another client's, spent and unknown ones.
 */
class IntrospectionEndpointEdgesTest {

    private static final FakeClock CLOCK = FakeClock.atNewYear();
    private static final Map<String, String> CONFIDENTIAL = Map.of(
            "Authorization",
            ProviderDriver.basic(
                    ClientRegistration.CONFIDENTIAL_CLIENT_ID, ClientRegistration.CONFIDENTIAL_CLIENT_SECRET));

    @RegisterExtension
    static final RunningDemoProvider DEMO = new RunningDemoProvider(CLOCK);

    private static HttpResponse<String> introspect(String token, Map<String, String> client) throws Exception {
        Map<String, String> form = new java.util.LinkedHashMap<>();
        form.put("token", token);
        form.put("token_type_hint", "access_token");
        if (client.isEmpty()) {
            form.put("client_id", ProviderDriver.CLIENT);
        }
        return DEMO.driver().postForm("/introspect", form, client);
    }

    private static HttpResponse<String> revoke(String token, Map<String, String> client) throws Exception {
        Map<String, String> form = new java.util.LinkedHashMap<>();
        form.put("token", token);
        if (client.isEmpty()) {
            form.put("client_id", ProviderDriver.CLIENT);
        }
        return DEMO.driver().postForm("/revoke", form, client);
    }

    private static JsonNode inactive(HttpResponse<String> answer) throws Exception {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Cache-Control")).contains("no-store");
        JsonNode body = ProviderDriver.json(answer);
        assertThat(body.toString()).isEqualTo("{\"active\":false}");
        return body;
    }

    @Test
    @DisplayName("IN1: an active token's introspection gives its scope, client, subject, type, issuer and expiry,"
            + " with no-store")
    void anActiveTokenIsDescribed() throws Exception {
        String accessToken = DEMO.driver().login(Map.of()).path("access_token").asText();

        HttpResponse<String> answer = introspect(accessToken, Map.of());

        assertThat(answer.statusCode()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Cache-Control")).contains("no-store");
        JsonNode body = ProviderDriver.json(answer);
        assertThat(body.path("active").asBoolean()).isTrue();
        assertThat(body.path("scope").asText()).isEqualTo("openid profile email");
        assertThat(body.path("client_id").asText()).isEqualTo(ProviderDriver.CLIENT);
        assertThat(body.path("sub").asText()).isEqualTo("alice");
        assertThat(body.path("token_type").asText()).isEqualTo("Bearer");
        assertThat(body.path("iss").asText()).isEqualTo(DEMO.provider().issuer().toString());
        assertThat(body.path("exp").asLong())
                .isEqualTo(CLOCK.instant().plus(Duration.ofMinutes(5)).getEpochSecond());
    }

    @Test
    @DisplayName("IN1: a DPoP-bound token is introspected as token_type DPoP")
    void aDpopBoundTokenSaysSo() throws Exception {
        ProviderDriver.DpopKey key = DEMO.driver().new DpopKey();
        String accessToken = DEMO.driver()
                .login(Map.of("DPoP", key.proof("POST", "/token", Optional.empty(), Optional.empty())))
                .path("access_token")
                .asText();

        assertThat(ProviderDriver.json(introspect(accessToken, Map.of()))
                        .path("token_type")
                        .asText())
                .isEqualTo("DPoP");
    }

    @Test
    @DisplayName("IN1: another client's token, a refresh token, an unknown, an expired and a revoked one are all just"
            + " {\"active\": false}; no token is invalid_request")
    void everythingElseIsInactive() throws Exception {
        JsonNode tokens = DEMO.driver().login(Map.of());
        String accessToken = tokens.path("access_token").asText();
        String expiring = DEMO.driver().login(Map.of()).path("access_token").asText();

        inactive(introspect(accessToken, CONFIDENTIAL));
        inactive(introspect(tokens.path("refresh_token").asText(), Map.of()));
        inactive(introspect("never-issued", Map.of()));
        HttpResponse<String> missing =
                DEMO.driver().postForm("/introspect", Map.of("client_id", ProviderDriver.CLIENT), Map.of());
        assertThat(missing.statusCode()).isEqualTo(400);
        assertThat(ProviderDriver.json(missing).path("error").asText()).isEqualTo("invalid_request");

        assertThat(revoke(accessToken, Map.of()).statusCode()).isEqualTo(200);
        inactive(introspect(accessToken, Map.of()));
        CLOCK.advance(Duration.ofMinutes(5));
        inactive(introspect(expiring, Map.of()));
    }

    @Test
    @DisplayName("RFC 7009 §2.1: revoking an access token ends it alone (its refresh token still rotates); another"
            + " client's access or refresh token is refused with invalid_request and stays valid")
    void revocationEdges() throws Exception {
        JsonNode tokens = DEMO.driver().login(Map.of());
        String accessToken = tokens.path("access_token").asText();
        String refreshToken = tokens.path("refresh_token").asText();

        HttpResponse<String> othersAccess = revoke(accessToken, CONFIDENTIAL);
        HttpResponse<String> othersRefresh = revoke(refreshToken, CONFIDENTIAL);
        assertThat(othersAccess.statusCode()).isEqualTo(400);
        assertThat(ProviderDriver.json(othersAccess).path("error").asText()).isEqualTo("invalid_request");
        assertThat(othersRefresh.statusCode()).isEqualTo(400);
        assertThat(ProviderDriver.json(othersRefresh).path("error_description").asText())
                .contains("another client");
        assertThat(DEMO.driver().userinfo("Bearer", accessToken, Map.of()).statusCode())
                .isEqualTo(200);

        HttpResponse<String> revoked = revoke(accessToken, Map.of());
        assertThat(revoked.statusCode()).isEqualTo(200);
        assertThat(revoked.headers().firstValue("Cache-Control")).contains("no-store");
        assertThat(revoked.body()).isEmpty();
        assertThat(DEMO.driver().userinfo("Bearer", accessToken, Map.of()).statusCode())
                .isEqualTo(401);
        assertThat(DEMO.driver().refresh(refreshToken, Map.of()).statusCode()).isEqualTo(200);
        assertThat(revoke(accessToken, Map.of()).statusCode())
                .as("already revoked: fine")
                .isEqualTo(200);
    }
}
