package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.testing.DebianChromium;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * SX7 and SX8 in Debian's real Chromium: the end-session page on the loopback listener submits its form (its script
 * allowed by the page's CSP, the POST and the provider's redirect back allowed by its form-action), the embedded
 * provider ends its session and sends the browser back, and no address the tab showed holds the ID token. The
 * addresses are watched through DevTools' target events from before the tab opens: the tab may close itself (UI5), and
 * headless Chromium writes no History database to read afterwards.
 */
@Tag("slow")
class ChromiumEndSessionAddressTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    @TempDir
    Path work;

    @Test
    @DisplayName("SX7: in Chromium, the ID token is posted, never in an address: no address the tab showed holds"
            + " id_token_hint, and the provider got one POST and sent the tab back (SX8: the page's CSP let it run)")
    void noAddressInTheTabsHistoryHoldsTheIdToken() throws Exception {
        Optional<Path> chromium = DebianChromium.find();
        assumeTrue(chromium.isPresent(), "chromium is not installed (apt-get install chromium)");
        Path profile = Files.createDirectories(work.resolve("profile"));
        AtomicReference<Process> browser = new AtomicReference<>();
        AtomicReference<BrowserDevTools> devTools = new AtomicReference<>();
        try (DemoProvider provider = DemoProvider.start(ProviderConfig.defaults())) {
            OAuthConfig config = OAuthConfig.of(provider.issuer().toString(), ClientRegistration.DESKTOP_CLIENT_ID)
                    .withScope("openid offline_access")
                    .withLoopbackTimeout(Duration.ofSeconds(40));
            SessionStore shared = new InMemorySessionStore();
            Session session = OAuthClient.builder(config)
                    .browser(new SignInPageBrowser())
                    .sessionStore(shared)
                    .build()
                    .login();
            OAuthClient client = OAuthClient.builder(config)
                    .sessionStore(shared)
                    .browser(url -> {
                        try {
                            browser.set(dev.stormwatch.testing.DebianChromium.startHeadless(
                                    chromium.get(), profile, "about:blank", work.resolve("chromium.log")));
                            // Watch every target's address from before the tab opens, then open it there.
                            devTools.set(BrowserDevTools.connect(DebianChromium.devToolsPort(profile, browser.get())));
                            devTools.get().call("Target.setDiscoverTargets", "{\"discover\":true}");
                            devTools.get().call("Target.createTarget", "{\"url\":\"" + url + "\"}");
                            return true;
                        } catch (Exception e) {
                            throw new AssertionError("chromium could not be driven", e);
                        }
                    })
                    .build();

            LogoutResult result = client.endSession();

            EndSession end = result.endSession().orElseThrow();
            assertThat(end.outcome()).as(end.detail()).isEqualTo(EndSession.Outcome.CONFIRMED);
            assertThat(provider.requestsReceived("POST", "/logout")).isEqualTo(1);
            assertThat(provider.requestsReceived("GET", "/logout")).isZero();
            BrowserDevTools tab = devTools.get();
            tab.awaitAddress(a -> a.contains("/logged-out?state=") || a.matches("http://127\\.0\\.0\\.1:[0-9]+/"));
            List<String> addresses = tab.addresses();
            String idToken = session.tokens().idToken().orElseThrow().reveal();
            assertThat(addresses)
                    .as("every address the tab showed")
                    .anySatisfy(address -> assertThat(URI.create(address).getPath())
                            .startsWith(LoopbackReceiver.END_SESSION_PAGE_PREFIX))
                    .anySatisfy(address -> assertThat(address).contains("/logged-out?state="))
                    .allSatisfy(address ->
                            assertThat(address).doesNotContain("id_token_hint").doesNotContain(idToken));
        } finally {
            if (devTools.get() != null) {
                devTools.get().close();
            }
            if (browser.get() != null) {
                DebianChromium.stop(browser.get());
            }
        }
    }

    /**
     * The browser-level DevTools connection: every address a page target showed, from Target.targetCreated and
     * Target.targetInfoChanged, in order (a tab that closes itself keeps its addresses here).
     */
    private static final class BrowserDevTools implements WebSocket.Listener, AutoCloseable {
        private final List<String> addresses = new java.util.concurrent.CopyOnWriteArrayList<>();
        private final java.util.Map<Integer, CompletableFuture<JsonNode>> calls =
                new java.util.concurrent.ConcurrentHashMap<>();
        private final StringBuilder partial = new StringBuilder();
        private int ids;
        private WebSocket socket;

        static BrowserDevTools connect(int port) throws Exception {
            HttpClient http = HttpClient.newHttpClient();
            String url = JSON.readTree(http.send(
                                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/version"))
                                            .build(),
                                    HttpResponse.BodyHandlers.ofString())
                            .body())
                    .path("webSocketDebuggerUrl")
                    .asText();
            BrowserDevTools devTools = new BrowserDevTools();
            devTools.socket = http.newWebSocketBuilder()
                    .buildAsync(URI.create(url), devTools)
                    .get(10, TimeUnit.SECONDS);
            return devTools;
        }

        synchronized JsonNode call(String method, String params) throws Exception {
            int id = ++ids;
            CompletableFuture<JsonNode> answer = new CompletableFuture<>();
            calls.put(id, answer);
            socket.sendText("{\"id\":" + id + ",\"method\":\"" + method + "\",\"params\":" + params + "}", true);
            return answer.get(10, TimeUnit.SECONDS);
        }

        void awaitAddress(java.util.function.Predicate<String> wanted) throws Exception {
            long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
            while (System.nanoTime() < deadline) {
                if (addresses.stream().anyMatch(wanted)) {
                    return;
                }
                Thread.sleep(100);
            }
            throw new AssertionError(
                    "the tab never showed the address looked for; it showed " + addresses.size() + " addresses");
        }

        List<String> addresses() {
            return new ArrayList<>(addresses);
        }

        @Override
        public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
            partial.append(data);
            if (last) {
                try {
                    JsonNode message = JSON.readTree(partial.toString());
                    if (message.has("id")) {
                        CompletableFuture<JsonNode> call =
                                calls.remove(message.get("id").asInt());
                        if (call != null) {
                            call.complete(message.path("result"));
                        }
                    } else {
                        JsonNode info = message.at("/params/targetInfo");
                        if ("page".equals(info.path("type").asText())) {
                            addresses.add(info.path("url").asText());
                        }
                    }
                } catch (java.io.IOException e) {
                    // not DevTools JSON: ignore
                }
                partial.setLength(0);
            }
            webSocket.request(1);
            return null;
        }

        @Override
        public void close() {
            socket.sendClose(WebSocket.NORMAL_CLOSURE, "done");
        }
    }
}
