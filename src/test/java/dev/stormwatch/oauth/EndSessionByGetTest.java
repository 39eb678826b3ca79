package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.logs.SupportLog;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.testing.StartedProviders;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import okhttp3.HttpUrl;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;
import org.slf4j.LoggerFactory;

/**
 * The end-session method get (SX9, SX10) on real sockets: navikt's mock-oauth2-server, which reads the parameters only
 * from the query, and the embedded provider. The browser is an HTTP client that opens the address and follows the
 * provider's redirect back to the loopback listener.
 */
class EndSessionByGetTest {

    @TempDir
    Path folder;

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;
    private MockOAuth2Server mock;

    @AfterEach
    void stop() {
        if (mock != null) {
            mock.shutdown();
        }
        SupportLog.stop();
    }

    @Test
    @DisplayName("SX9: with get, mock-oauth2-server (navikt), which reads only the query, ends its session and sends"
            + " the browser back to the loopback /logged-out with our state: the result is confirmed, where the"
            + " default post stays not confirmed")
    void mockOAuth2ServerConfirmsAnEndSessionByGet() throws Exception {
        mock = new MockOAuth2Server();
        mock.start(InetAddress.getByName("127.0.0.1"), 0);
        OAuthConfig config = OAuthConfig.of(mock.issuerUrl("default").toString(), "stormwatch-test")
                .withScope("openid profile offline_access")
                .withLoopbackTimeout(Duration.ofSeconds(20));
        FollowingBrowser following = new FollowingBrowser();
        OAuthClient client = OAuthClient.builder(config).browser(following).build();
        Session session = client.login();

        LogoutResult result = client.endSession(EndSessionMethod.GET);

        assertThat(result.tokenRevoked()).as("%s", result.revocationError()).isTrue();
        EndSession end = result.endSession().orElseThrow();
        assertThat(end.outcome()).as(end.detail()).isEqualTo(EndSession.Outcome.CONFIRMED);
        assertThat(end.detail())
                .doesNotContain(session.tokens().idToken().orElseThrow().reveal());
        // SX9: no loopback page: the browser was opened straight at the provider's endpoint, the hint in its query.
        HttpUrl opened = HttpUrl.get(following.opened.get(1).toString());
        assertThat(opened.encodedPath()).endsWith("/endsession");
        assertThat(opened.queryParameter("id_token_hint"))
                .isEqualTo(session.tokens().idToken().orElseThrow().reveal());
        assertThat(opened.queryParameter("client_id")).isEqualTo("stormwatch-test");
        assertThat(opened.queryParameter("post_logout_redirect_uri"))
                .matches("http://127\\.0\\.0\\.1:[1-9][0-9]*/logged-out");
        assertThat(opened.queryParameter("state")).isNotBlank();
        // The browser came back to the loopback listener, which answered that the sign-out is done.
        assertThat(following.lastPage()).startsWith("200").contains("Signed out");
        // The provider's own record: one GET at its end-session endpoint, with the hint in the query.
        List<RecordedRequest> ended = new ArrayList<>();
        for (RecordedRequest seen = take(mock); seen != null; seen = take(mock)) {
            if (seen.getPath() != null && seen.getPath().contains("/endsession")) {
                ended.add(seen);
            }
        }
        assertThat(ended).singleElement().satisfies(request -> {
            assertThat(request.getMethod()).isEqualTo("GET");
            assertThat(request.getRequestUrl().queryParameter("state")).isEqualTo(opened.queryParameter("state"));
        });
        assertThat(client.session()).isEmpty();
    }

    @Test
    @DisplayName("SX9: with get against the embedded provider, the browser sends one GET to /logout with the four"
            + " parameters in the query and no POST, no loopback page is served, and the end is confirmed")
    void theEmbeddedProviderTakesAGetToo() throws Exception {
        SignInPageBrowser browser = new SignInPageBrowser();
        OAuthClient client = demoClient(browser);
        Session session = client.login();

        LogoutResult result = client.endSession(EndSessionMethod.GET);

        EndSession end = result.endSession().orElseThrow();
        assertThat(end.outcome()).as(end.detail()).isEqualTo(EndSession.Outcome.CONFIRMED);
        URI opened = browser.endSessionUrls.get(0);
        assertThat(opened.getPath()).isEqualTo("/logout");
        assertThat(HttpUrl.get(opened.toString()).queryParameterNames())
                .containsExactly("id_token_hint", "client_id", "post_logout_redirect_uri", "state");
        assertThat(HttpUrl.get(opened.toString()).queryParameter("id_token_hint"))
                .isEqualTo(session.tokens().idToken().orElseThrow().reveal());
        assertThat(browser.endSessionForms).isEmpty();
        assertThat(browser.lastEndSession.get(5, TimeUnit.SECONDS))
                .startsWith("200")
                .contains("Signed out");
        assertThat(provider.requestsReceived("GET", "/logout")).isEqualTo(1);
        assertThat(provider.requestsReceived("POST", "/logout")).isZero();
        assertThat(provider.requestsReceived("POST", "/revoke")).isEqualTo(1);
    }

    @Test
    @DisplayName("SX10: with get, the address that holds the ID token is in no result, state, timeline entry or log"
            + " line, even at debug; a line that still quotes it has id_token_hint's value redacted; with post the"
            + " log holds no ID token either")
    void theGetAddressIsNeverLoggedOrShown() throws Exception {
        Path file = SupportLog.start(folder.resolve("logs"), "test", true);
        SignInPageBrowser browser = new SignInPageBrowser();
        OAuthClient client = demoClient(browser);
        List<AttemptEvent> timeline = new CopyOnWriteArrayList<>();
        List<SessionState> states = new CopyOnWriteArrayList<>();
        client.addAttemptListener(timeline::add);
        client.addStateListener(states::add);
        Session session = client.login();
        String idToken = session.tokens().idToken().orElseThrow().reveal();

        LogoutResult result = client.endSession(EndSessionMethod.GET);
        URI address = browser.endSessionUrls.get(0);
        // A slip a careless line could make: the address written out whole.
        LoggerFactory.getLogger("dev.stormwatch.oauth.Slip").info("opening the browser at {}", address);

        // And the default post, in the same log: its page's address carries no token, its form does.
        String postedToken = client.login().tokens().idToken().orElseThrow().reveal();
        LogoutResult posted = client.endSession(EndSessionMethod.POST);

        assertThat(result.endSession().orElseThrow().outcome()).isEqualTo(EndSession.Outcome.CONFIRMED);
        assertThat(posted.endSession().orElseThrow().outcome()).isEqualTo(EndSession.Outcome.CONFIRMED);
        assertThat(address.toString()).as("the address does carry it").contains(idToken);
        String log = Files.readString(file);
        assertThat(log).doesNotContain(postedToken);
        assertThat(log).as("the flows are logged").contains("revocation attempt 1");
        assertThat(log)
                .contains("opening the browser at")
                .doesNotContain(idToken)
                .doesNotContain("eyJ");
        assertThat(log).doesNotContainPattern("id_token_hint=(?!\\[redacted\\])");
        assertThat(result.toString() + result.endSession().get().detail() + posted + states + timeline)
                .doesNotContain(idToken)
                .doesNotContain("id_token_hint");
        assertThat(timeline).isNotEmpty();
    }

    private OAuthClient demoClient(SignInPageBrowser browser) throws Exception {
        provider = providers.start();
        OAuthConfig config = OAuthConfig.of(provider.issuer().toString(), ClientRegistration.DESKTOP_CLIENT_ID)
                .withScope("openid offline_access")
                .withLoopbackTimeout(Duration.ofSeconds(20));
        return OAuthClient.builder(config).browser(browser).build();
    }

    /** The next request the mock server recorded, or null when none is left. */
    private static RecordedRequest take(MockOAuth2Server server) {
        try {
            return server.takeRequest(200, TimeUnit.MILLISECONDS);
        } catch (RuntimeException none) {
            return null;
        }
    }
}
