package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.Origin;
import okhttp3.HttpUrl;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class RequestOriginTest {

    // P1, P2: pauses are keyed by origin; the executors' fast path must give the same key as Origin.of(URI).
    @ParameterizedTest
    @ValueSource(
            strings = {
                "https://idp.example/token",
                "https://IDP.Example:443/token?x=1",
                "http://127.0.0.1:8080/v1/models",
                "http://[::1]:9000/callback",
                "HTTP://[0:0:0:0:0:0:0:1]/",
                "https://api.example:8443/v1/chat/completions#frag",
            })
    void sameOriginAsFromTheUri(String url) {
        HttpUrl parsed = HttpUrl.get(url);

        assertThat(RequestOrigin.of(parsed)).isEqualTo(Origin.of(parsed.uri()));
    }
}
