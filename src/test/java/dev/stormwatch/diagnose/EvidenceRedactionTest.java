package dev.stormwatch.diagnose;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

// DG11
class EvidenceRedactionTest {

    @ParameterizedTest
    @ValueSource(
            strings = {"code", "access_token", "token", "id_token", "refresh_token", "client_secret", "api_key", "key"})
    void secretQueryParametersAreRedactedInTargetsAndLines(String name) {
        String target = "/cb?state=s1&" + name + "=S3CR3T&page=2";
        assertThat(EvidenceRedaction.target(target)).isEqualTo("/cb?state=s1&" + name + "=[redacted]&page=2");
        assertThat(EvidenceRedaction.line("1.2.3.4 \"GET " + target + " HTTP/1.1\" 200"))
                .doesNotContain("S3CR3T")
                .contains("state=s1")
                .contains("page=2");
    }

    @Test
    void authorizationAndCookieValuesAndBearerTokensAreRedacted() {
        String line = "{\"authorization\":\"Basic dXNlcjpwYXNz\",\"cookie\":\"sid=abc; theme=dark\","
                + "\"x\":\"Bearer tok.en-123\",\"jwt\":\"eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig\"}";
        String safe = EvidenceRedaction.line(line);
        assertThat(safe)
                .doesNotContain("dXNlcjpwYXNz", "sid=abc", "tok.en-123", "eyJzdWIiOiIxIn0")
                .contains("\"authorization\":\"[redacted]\"")
                .contains("\"cookie\":\"[redacted]\"");
    }

    @Test
    void aCredentialClientKeyIsShownOnlyAsAShortHash() {
        ClientLabels byName = new ClientLabels("http_authorization");
        assertThat(byName.label("Bearer abc")).startsWith("key:").hasSize(14).doesNotContain("abc");
        ClientLabels plain = new ClientLabels("http_x_client_id");
        assertThat(plain.label("mobile-app")).isEqualTo("mobile-app");
        assertThat(plain.label("eyJhbGciOi.eyJzdWIi.x")).startsWith("key:");
        assertThat(plain.label(null)).isEqualTo(ClientLabels.UNKNOWN);
    }
}
