package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import okhttp3.HttpUrl;
import okhttp3.Request;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The exact shape of a redacted request line (RC6): headers listed or not, and user info with one part only. */
class RequestRedactionEdgesTest {

    @Test
    @DisplayName("RC6: a request without headers is its method and URL alone; headers follow comma-separated")
    void theLineListsHeadersOnlyWhenThereAreSome() {
        Request bare =
                new Request.Builder().url("https://api.example.com/v1/models").build();
        Request two = bare.newBuilder()
                .header("Accept", "application/json")
                .header("Authorization", "Bearer sk-SECRET")
                .header("X-Trace", "t-1")
                .build();

        assertThat(RequestRedaction.describe(bare)).isEqualTo("GET https://api.example.com/v1/models");
        assertThat(RequestRedaction.describe(two))
                .isEqualTo("GET https://api.example.com/v1/models [Accept: application/json, Authorization:"
                        + " [redacted], X-Trace: t-1]");
    }

    @Test
    @DisplayName("RC6: a URL's user alone, or its password alone, is redacted; a URL without either is unchanged")
    void eitherPartOfTheUserInfoIsRedacted() {
        assertThat(RequestRedaction.redactUrl(HttpUrl.get("https://alice@api.example.com/x")))
                .isEqualTo("https://[redacted]@api.example.com/x");
        assertThat(RequestRedaction.redactUrl(HttpUrl.get("https://:pw-SECRET@api.example.com/x")))
                .isEqualTo("https://[redacted]@api.example.com/x");
        assertThat(RequestRedaction.redactUrl(HttpUrl.get("https://api.example.com/x?model=gpt")))
                .isEqualTo("https://api.example.com/x?model=gpt");
    }
}
