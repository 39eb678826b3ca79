package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpServer;
import dev.stormwatch.base.Secret;
import dev.stormwatch.testing.DebianChromium;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * UI20 in Debian's real Chromium: a "provider" page sends the browser to the loopback redirect the way a person's
 * click on Allow does (a navigation that adds a history entry, so the tab is not one a script may close), and the tab
 * then shows the signed-in page at the receiver's root, with the code and state gone from its address.
 */
@Tag("slow")
@WaitsBesideOtherTests
class ChromiumSignedInAddressTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    @Test
    @DisplayName("UI20: after the redirect, the tab's address shows neither the code nor the state")
    void theSignedInTabsAddressHoldsNoCodeNorState() throws Exception {
        Optional<Path> chromium = DebianChromium.find();
        assumeTrue(chromium.isPresent(), "chromium is not installed (apt-get install chromium)");
        Secret state = Secret.of("state-5678");
        try (LoopbackReceiver receiver = LoopbackReceiver.open(state)) {
            String callback =
                    "http://127.0.0.1:" + receiver.port() + "/callback?code=spent-code-1234&state=" + state.reveal();
            HttpServer provider = providerPage(callback);
            provider.start();
            Process browser = null;
            try {
                Path profile = Files.createDirectories(work.resolve("profile"));
                browser = dev.stormwatch.testing.DebianChromium.startHeadless(
                        chromium.get(),
                        profile,
                        "http://127.0.0.1:" + provider.getAddress().getPort() + "/authorize",
                        work.resolve("chromium.log"));

                receiver.await(Duration.ofSeconds(30));
                receiver.respond(SignInPage.succeeded());

                JsonNode page = signedInPage(DebianChromium.devToolsPort(profile, browser), Duration.ofSeconds(20));
                assertThat(page.path("url").asText()).isEqualTo("http://127.0.0.1:" + receiver.port() + "/");
            } finally {
                if (browser != null) {
                    DebianChromium.stop(browser);
                }
                provider.stop(0);
            }
        }
    }

    /** The provider's page: after a moment, the browser goes on to the redirect as if Allow were clicked. */
    private static HttpServer providerPage(String callback) throws Exception {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/authorize", exchange -> {
            byte[] body = ("<!doctype html><title>Allow?</title><p>Allow Stormwatch?</p><script>setTimeout(() =>"
                            + " location.assign('" + callback + "'), 300);</script>")
                    .getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        return server;
    }

    /** The tab once it shows the signed-in page, from the DevTools HTTP endpoint's list of targets. */
    private static JsonNode signedInPage(int port, Duration timeout) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        Instant deadline = Instant.now().plus(timeout);
        JsonNode last = null;
        while (Instant.now().isBefore(deadline)) {
            String list = http.send(
                            HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                                    .build(),
                            HttpResponse.BodyHandlers.ofString())
                    .body();
            for (JsonNode target : JSON.readTree(list)) {
                if ("page".equals(target.path("type").asText())) {
                    last = target;
                    if (target.path("title").asText().equals("Stormwatch: Signed in")
                            && !target.path("url").asText().contains("?")) {
                        return target;
                    }
                }
            }
            Thread.sleep(100);
        }
        throw new AssertionError("the tab never showed the signed-in page at a clean address; last seen: " + last);
    }
}
