package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import okhttp3.HttpUrl;
import okhttp3.Request;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Secrets never reach a log line (spec RC6). */
class RequestRedactionTest {

    @Test
    @DisplayName("RC6: bearer tokens, API keys, cookies and DPoP proofs in headers are redacted; other headers shown")
    void secretHeadersAreRedacted() {
        Request request = new Request.Builder()
                .url("https://api.example.test/v1/chat")
                .header("Authorization", "Bearer sk-AAA")
                .header("x-api-key", "key-BBB")
                .header("Cookie", "session=CCC")
                .header("DPoP", "eyJDDD")
                .header("X-Refresh-Token", "rt-EEE")
                .header("Idempotency-Key", "idem-1")
                .header("Accept", "application/json")
                .build();

        String line = RequestRedaction.describe(request);

        assertThat(line).doesNotContain("AAA", "BBB", "CCC", "DDD", "EEE");
        assertThat(line)
                .contains(
                        "Authorization: [redacted]",
                        "x-api-key: [redacted]",
                        "DPoP: [redacted]",
                        "Idempotency-Key: idem-1",
                        "Accept: application/json");
    }

    @Test
    @DisplayName("RC6: codes, tokens and keys in the query and the URL's user info are redacted")
    void secretQueryParametersAndUserInfoAreRedacted() {
        HttpUrl url =
                HttpUrl.get("https://user:pa55@api.example.test/cb?code=AUTHCODE&state=s1&access_token=TOK&model=m");

        String safe = RequestRedaction.redactUrl(url);

        assertThat(safe).doesNotContain("AUTHCODE", "TOK", "pa55", "user:");
        assertThat(safe).contains("code=[redacted]", "access_token=[redacted]", "state=s1", "model=m");
    }

    @Test
    @DisplayName("RC6: a Credential's toString never shows the secret")
    void aCredentialNeverShowsItsSecret() {
        assertThat(Credential.bearer("sk-SECRET").toString())
                .doesNotContain("SECRET")
                .contains("[redacted]");
        assertThat(Credential.apiKey("x-api-key", "k-SECRET").toString()).doesNotContain("SECRET");
    }
}
