package dev.stormwatch.provider;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stormwatch.testing.FakeClock;
import java.net.http.HttpResponse;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** DV7: the device authorization endpoint and the verification page beside the happy path, over real sockets. */
class DeviceVerificationPageEdgesTest {

    private static final FakeClock CLOCK = FakeClock.atNewYear();

    @RegisterExtension
    static final RunningDemoProvider DEMO = new RunningDemoProvider(CLOCK);

    private static JsonNode authorize(Map<String, String> fields) throws Exception {
        HttpResponse<String> answer = DEMO.driver().postForm("/device_authorization", fields, Map.of());
        assertThat(answer.statusCode()).as(answer.body()).isEqualTo(200);
        assertThat(answer.headers().firstValue("Cache-Control")).contains("no-store");
        return ProviderDriver.json(answer);
    }

    private static HttpResponse<String> decide(Map<String, String> form) throws Exception {
        return DEMO.driver().postForm("/device", form, Map.of());
    }

    @Test
    @DisplayName("DV7: a device authorization request without scope is for openid: the tokens carry an ID token")
    void withoutAScopeTheDeviceAsksForOpenid() throws Exception {
        JsonNode issued = authorize(Map.of("client_id", ProviderDriver.CLIENT));
        decide(Map.of("user_code", issued.path("user_code").asText(), "user", "alice", "decision", "allow"));
        CLOCK.advance(DeviceCodes.INTERVAL);

        HttpResponse<String> tokens = DEMO.driver()
                .postForm(
                        "/token",
                        Map.of(
                                "grant_type",
                                TokenEndpoint.DEVICE_CODE_GRANT,
                                "device_code",
                                issued.path("device_code").asText(),
                                "client_id",
                                ProviderDriver.CLIENT),
                        Map.of());

        assertThat(ProviderDriver.json(tokens).path("scope").asText()).isEqualTo("openid");
        assertThat(ProviderDriver.json(tokens).path("id_token").asText()).isNotBlank();
    }

    @Test
    @DisplayName("DV7: the page without a code shows an empty field; a typed code is escaped; other methods than GET"
            + " and the form's POST are 405, a POST that is not a form 415")
    void thePageAndItsMethods() throws Exception {
        HttpResponse<String> empty = DEMO.driver().get("/device");
        HttpResponse<String> typed = DEMO.driver().get("/device?user_code=%3Cb%3E");
        HttpResponse<String> put = DEMO.driver().send("PUT", "/device", Map.of(), "x");
        HttpResponse<String> json =
                DEMO.driver().send("POST", "/device", Map.of("Content-Type", "application/json"), "{}");

        assertThat(empty.statusCode()).isEqualTo(200);
        assertThat(empty.body())
                .contains("name=\"user_code\" autocomplete=\"off\" value=\"\"")
                .contains("value=\"alice\" checked")
                .contains("value=\"bob\">");
        assertThat(typed.body()).contains("value=\"&lt;b&gt;\"").doesNotContain("<b>");
        assertThat(put.statusCode()).isEqualTo(405);
        assertThat(put.headers().firstValue("Allow")).contains("GET, POST");
        assertThat(json.statusCode()).isEqualTo(415);
    }

    @Test
    @DisplayName("DV7: Allow without a user, with an unknown one or with no decision is refused and leaves the code"
            + " waiting; an unknown code is refused; Deny needs no user")
    void aDecisionNeedsAUserAndAWaitingCode() throws Exception {
        String userCode = authorize(Map.of("client_id", ProviderDriver.CLIENT))
                .path("user_code")
                .asText();
        String denied = authorize(Map.of("client_id", ProviderDriver.CLIENT))
                .path("user_code")
                .asText();

        for (Map<String, String> incomplete : java.util.List.of(
                Map.of("user_code", userCode, "decision", "allow"),
                Map.of("user_code", userCode, "user", "mallory", "decision", "allow"),
                Map.of("user_code", userCode, "user", "alice"))) {
            HttpResponse<String> refused = decide(incomplete);
            assertThat(refused.statusCode()).isEqualTo(400);
            assertThat(refused.body()).contains("choose a demo user");
        }
        HttpResponse<String> unknown = decide(Map.of("user_code", "BBBB-BBBB-X", "user", "alice", "decision", "allow"));
        assertThat(unknown.statusCode()).isEqualTo(400);
        assertThat(unknown.body()).contains("unknown, expired or already used");
        HttpResponse<String> approved = decide(Map.of("user_code", userCode, "user", "alice", "decision", "allow"));
        assertThat(approved.statusCode()).isEqualTo(200);
        assertThat(approved.body()).contains("Signed in.");
        HttpResponse<String> refusal = decide(Map.of("user_code", denied, "decision", "deny"));
        assertThat(refusal.statusCode()).isEqualTo(200);
        assertThat(refusal.body()).contains("Refused.");
        assertThat(decide(Map.of("user_code", denied, "decision", "deny")).statusCode())
                .isEqualTo(400);
    }
}
