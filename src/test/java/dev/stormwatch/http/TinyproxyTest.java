package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.ProxiedTarget;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Requests through a real forward proxy, Debian's tinyproxy, which adds its {@code Via} header to what it forwards and
 * asks for Basic credentials (PX1–PX3). The target is this machine under its host name, which resolves to loopback
 * here but is not loopback by its text, so the routes send it through the proxy as they would a provider's name.
 */
class TinyproxyTest {

    @TempDir
    Path dir;

    private ProxiedTarget proxied;
    private int proxyPort;
    private MockWebServer target;
    private String hostName;

    @BeforeEach
    void start() throws Exception {
        proxied = ProxiedTarget.start(dir);
        target = proxied.target();
        hostName = proxied.hostName();
        proxyPort = proxied.proxyPort();
    }

    @AfterEach
    void stop() throws Exception {
        if (proxied != null) {
            proxied.stop();
        }
    }

    private OkHttpClient client(Map<String, String> env) {
        return ProxyRoutes.from(env::get, name -> null).applyTo(new OkHttpClient());
    }

    private int get(OkHttpClient client, String url) throws IOException {
        try (Response response =
                client.newCall(new Request.Builder().url(url).build()).execute()) {
            return response.code();
        }
    }

    @Test
    @DisplayName("PX1, PX3: with HTTP_PROXY (credentials in its URL) a request goes through tinyproxy, which answers"
            + " its 407 with Basic; the target sees tinyproxy's Via header")
    void requestGoesThroughTheProxy() throws Exception {
        target.enqueue(new MockResponse().setBody("ok"));
        OkHttpClient client = client(Map.of("HTTP_PROXY", "http://ada:s3cret-proxy@127.0.0.1:" + proxyPort));

        int status = get(client, "http://" + hostName + ":" + target.getPort() + "/.well-known/openid-configuration");

        RecordedRequest seen = target.takeRequest(5, TimeUnit.SECONDS);
        assertThat(status).isEqualTo(200);
        assertThat(seen).isNotNull();
        assertThat(seen.getHeader("Via")).contains("tinyproxy");
        assertThat(seen.getHeader("Proxy-Authorization")).isNull();
        assertThat(Files.readString(dir.resolve("tinyproxy.log"))).contains("/.well-known/openid-configuration");
    }

    @Test
    @DisplayName("PX3: without credentials tinyproxy's 407 reaches the caller, once, and nothing reaches the target")
    void proxyAuthenticationRequiredWithoutCredentials() throws Exception {
        OkHttpClient client = client(Map.of("http_proxy", "127.0.0.1:" + proxyPort));

        int status = get(client, "http://" + hostName + ":" + target.getPort() + "/");

        assertThat(status).isEqualTo(407);
        assertThat(target.getRequestCount()).isZero();
    }

    @Test
    @DisplayName("PX2: a loopback host and a NO_PROXY host go direct even with HTTP_PROXY set: no Via header")
    void loopbackAndNoProxyGoDirect() throws Exception {
        target.enqueue(new MockResponse().setBody("ok"));
        target.enqueue(new MockResponse().setBody("ok"));
        String proxyUrl = "http://ada:s3cret-proxy@127.0.0.1:" + proxyPort;

        int loopback = get(client(Map.of("HTTP_PROXY", proxyUrl)), "http://127.0.0.1:" + target.getPort() + "/a");
        int listed = get(
                client(Map.of("HTTP_PROXY", proxyUrl, "NO_PROXY", "example.com," + hostName)),
                "http://" + hostName + ":" + target.getPort() + "/b");

        assertThat(loopback).isEqualTo(200);
        assertThat(listed).isEqualTo(200);
        assertThat(target.takeRequest(5, TimeUnit.SECONDS).getHeader("Via")).isNull();
        assertThat(target.takeRequest(5, TimeUnit.SECONDS).getHeader("Via")).isNull();
        assertThat(Files.readString(dir.resolve("tinyproxy.log")))
                .doesNotContain("/a ")
                .doesNotContain("/b ");
    }
}
