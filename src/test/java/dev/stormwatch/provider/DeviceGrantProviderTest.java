package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.StartedProviders;
import java.net.URI;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Map;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** DV7: the demo provider's device authorization grant over real sockets, on a fake clock. */
class DeviceGrantProviderTest {

    private final FakeClock clock = FakeClock.atNewYear();

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;
    private ProviderDriver driver;

    @BeforeEach
    void start() throws Exception {
        provider = providers.start(ProviderConfig.defaults().withClock(clock));
        driver = new ProviderDriver(provider, clock);
    }

    private JsonNode authorize() throws Exception {
        HttpResponse<String> answer = driver.postForm(
                "/device_authorization",
                Map.of("client_id", ClientRegistration.DESKTOP_CLIENT_ID, "scope", "openid profile"),
                Map.of());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        return ProviderDriver.json(answer);
    }

    private HttpResponse<String> poll(String deviceCode) throws Exception {
        return driver.postForm(
                "/token",
                Map.of(
                        "grant_type",
                        "urn:ietf:params:oauth:grant-type:device_code",
                        "device_code",
                        deviceCode,
                        "client_id",
                        ClientRegistration.DESKTOP_CLIENT_ID),
                Map.of());
    }

    private static String error(HttpResponse<String> answer) throws Exception {
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(400);
        return ProviderDriver.json(answer).path("error").asText();
    }

    private HttpResponse<String> decide(String typed, String decision) throws Exception {
        return driver.postForm("/device", Map.of("user_code", typed, "user", "alice", "decision", decision), Map.of());
    }

    @Test
    @DisplayName("DV7: discovery advertises the device grant; the answer has every RFC 8628 §3.2 field, and the"
            + " complete URI's page shows the user code filled in")
    void theDeviceAuthorizationAnswerHasEveryField() throws Exception {
        JsonNode doc = ProviderDriver.json(driver.get("/.well-known/openid-configuration"));
        assertThat(doc.path("device_authorization_endpoint").asText())
                .isEqualTo(provider.issuer() + "/device_authorization");
        assertThat(doc.path("grant_types_supported").toString())
                .contains("urn:ietf:params:oauth:grant-type:device_code");

        JsonNode answer = authorize();

        String userCode = answer.path("user_code").asText();
        assertThat(userCode).matches("[BCDFGHJKLMNPQRSTVWXZ]{4}-[BCDFGHJKLMNPQRSTVWXZ]{4}");
        assertThat(answer.path("device_code").asText()).isNotBlank().isNotEqualTo(userCode);
        assertThat(answer.path("verification_uri").asText()).isEqualTo(provider.issuer() + "/device");
        assertThat(answer.path("verification_uri_complete").asText())
                .isEqualTo(provider.issuer() + "/device?user_code=" + userCode);
        assertThat(answer.path("expires_in").asLong()).isEqualTo(600);
        assertThat(answer.path("interval").asLong()).isEqualTo(5);
        URI complete = URI.create(answer.path("verification_uri_complete").asText());
        HttpResponse<String> page = driver.get(complete.getPath() + "?" + complete.getRawQuery());
        assertThat(page.statusCode()).isEqualTo(200);
        assertThat(page.body()).contains("name=\"user_code\" autocomplete=\"off\" value=\"" + userCode + "\"");
    }

    @Test
    @DisplayName("DV7: too early is slow_down (+5 s), then authorization_pending; after Allow the tokens with an ID"
            + " token, once; the provider records every poll with its answer")
    void pollsAreAnsweredAsRfc8628Says() throws Exception {
        JsonNode answer = authorize();
        String deviceCode = answer.path("device_code").asText();
        String userCode = answer.path("user_code").asText();
        java.time.Instant issued = clock.instant();

        clock.advance(Duration.ofSeconds(4));
        assertThat(error(poll(deviceCode))).isEqualTo("slow_down");
        clock.advance(Duration.ofSeconds(9)); // the interval is 10 s now
        assertThat(error(poll(deviceCode))).isEqualTo("slow_down");
        clock.advance(Duration.ofSeconds(15));
        assertThat(error(poll(deviceCode))).isEqualTo("authorization_pending");

        // Typed as a person might: lower case, no dash.
        HttpResponse<String> approved = decide(userCode.replace("-", "").toLowerCase(java.util.Locale.ROOT), "allow");
        assertThat(approved.statusCode()).as(approved.body()).isEqualTo(200);
        assertThat(decide(userCode, "allow").statusCode()).as("decided once").isEqualTo(400);
        clock.advance(Duration.ofSeconds(15));
        HttpResponse<String> tokens = poll(deviceCode);
        assertThat(tokens.statusCode()).as(tokens.body()).isEqualTo(200);
        JsonNode body = ProviderDriver.json(tokens);
        assertThat(body.path("id_token").asText()).isNotBlank();
        assertThat(body.path("refresh_token").asText()).isNotBlank();
        assertThat(body.path("scope").asText()).isEqualTo("openid profile");
        clock.advance(Duration.ofSeconds(15));
        assertThat(error(poll(deviceCode))).isEqualTo("invalid_grant");

        assertThat(provider.devicePolls())
                .extracting(DevicePoll::answer)
                .containsExactly("slow_down", "slow_down", "authorization_pending", "tokens", "invalid_grant");
        assertThat(provider.devicePolls().get(0).userCode()).isEqualTo(userCode);
        assertThat(provider.devicePolls().get(0).receivedAt()).isEqualTo(issued.plusSeconds(4));
    }

    @Test
    @DisplayName("DV7: Deny is access_denied at the next poll; a poll at the expiry is expired_token")
    void denyAndExpiry() throws Exception {
        JsonNode denied = authorize();
        JsonNode late = authorize();

        assertThat(decide(denied.path("user_code").asText(), "deny").statusCode())
                .isEqualTo(200);
        clock.advance(Duration.ofSeconds(5));
        assertThat(error(poll(denied.path("device_code").asText()))).isEqualTo("access_denied");

        clock.advance(Duration.ofSeconds(595));
        assertThat(error(poll(late.path("device_code").asText()))).isEqualTo("expired_token");
        assertThat(decide(late.path("user_code").asText(), "allow").statusCode())
                .as("an expired code cannot be approved")
                .isEqualTo(400);
    }
}
