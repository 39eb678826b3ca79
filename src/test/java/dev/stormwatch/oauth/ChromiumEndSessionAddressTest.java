package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.JsonNode;
import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.testing.DebianChromium;
import dev.stormwatch.testing.DevTools;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
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
@WaitsBesideOtherTests
class ChromiumEndSessionAddressTest {

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
        AtomicReference<DevTools> devTools = new AtomicReference<>();
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
                            devTools.set(DevTools.browser(DebianChromium.devToolsPort(profile, browser.get())));
                            devTools.get()
                                    .call(
                                            "Target.setDiscoverTargets",
                                            DevTools.params().put("discover", true))
                                    .get(10, TimeUnit.SECONDS);
                            devTools.get()
                                    .call(
                                            "Target.createTarget",
                                            DevTools.params().put("url", url.toString()))
                                    .get(10, TimeUnit.SECONDS);
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
            DevTools tab = devTools.get();
            tab.awaitEvent(
                    event -> address(event)
                            .filter(a ->
                                    a.contains("/logged-out?state=") || a.matches("http://127\\.0\\.0\\.1:[0-9]+/"))
                            .isPresent(),
                    "address back at the loopback listener",
                    Duration.ofSeconds(20));
            List<String> addresses = addresses(tab);
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
     * Every address a page target showed, from Target.targetCreated and Target.targetInfoChanged, in order (a tab that
     * closes itself keeps its addresses here).
     */
    private static List<String> addresses(DevTools devTools) {
        return devTools.events().stream()
                .map(ChromiumEndSessionAddressTest::address)
                .flatMap(Optional::stream)
                .toList();
    }

    /** The address a page target shows, when the event is about one. */
    private static Optional<String> address(JsonNode event) {
        JsonNode info = event.at("/params/targetInfo");
        return "page".equals(info.path("type").asText())
                ? Optional.of(info.path("url").asText())
                : Optional.empty();
    }
}
