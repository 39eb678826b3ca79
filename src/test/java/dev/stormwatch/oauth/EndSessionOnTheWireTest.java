package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.testing.StartedProviders;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.net.InetAddress;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import okhttp3.HttpUrl;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * RP-initiated logout on real sockets (SX1, SX2): the embedded provider, and navikt's mock-oauth2-server, which nobody
 * on the team wrote. The browser is an HTTP client that follows the provider's redirect back to the loopback listener.
 */
@WaitsBesideOtherTests
class EndSessionOnTheWireTest {

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;
    private MockOAuth2Server mock;
    private final SignInPageBrowser browser = new SignInPageBrowser();

    @AfterEach
    void stop() {
        if (mock != null) {
            mock.shutdown();
        }
    }

    private OAuthClient demoClient(RedirectChoice choice, Duration wait) throws Exception {
        provider = providers.start();
        OAuthConfig config = OAuthConfig.of(provider.issuer().toString(), ClientRegistration.DESKTOP_CLIENT_ID)
                .withScope("openid offline_access")
                .withLoopbackTimeout(wait);
        return OAuthClient.builder(config)
                .browser(browser)
                .redirectChoice(choice)
                .build();
    }

    @Test
    @DisplayName("SX7: end_session revokes, then the browser posts id_token_hint, client_id and state to the"
            + " provider from the one-time loopback page, no token in any address it visits, and comes back to the"
            + " loopback /logged-out, which says so (SX1)")
    void theEmbeddedProviderEndsItsSessionAndSendsTheBrowserBack() throws Exception {
        OAuthClient client = demoClient(RedirectChoice.DEFAULT, Duration.ofSeconds(20));
        Session session = client.login();

        LogoutResult result = client.endSession();

        assertThat(result.tokenRevoked()).as("%s", result.revocationError()).isTrue();
        assertThat(result.endSession()).hasValueSatisfying(end -> {
            assertThat(end.outcome()).as(end.detail()).isEqualTo(EndSession.Outcome.CONFIRMED);
            assertThat(end.detail())
                    .doesNotContain(session.tokens().idToken().orElseThrow().reveal());
        });
        // SX8: the browser opened a one-time loopback page; SX7: its form posted the ID token to the provider.
        URI opened = browser.endSessionUrls.get(0);
        assertThat(opened.getPath()).startsWith(LoopbackReceiver.END_SESSION_PAGE_PREFIX);
        var form = browser.endSessionForms.get(0);
        assertThat(form.action().encodedPath()).isEqualTo("/logout");
        assertThat(form.fields().get("id_token_hint"))
                .isEqualTo(session.tokens().idToken().orElseThrow().reveal());
        assertThat(form.fields().get("client_id")).isEqualTo(ClientRegistration.DESKTOP_CLIENT_ID);
        assertThat(form.fields().get("state")).isNotBlank();
        // SX2: the registered http://127.0.0.1/logged-out matches on any port (RFC 8252 §7.3).
        assertThat(form.fields().get("post_logout_redirect_uri"))
                .matches("http://127\\.0\\.0\\.1:[1-9][0-9]*/logged-out");
        assertThat(browser.endSessionAddresses)
                .hasSizeGreaterThanOrEqualTo(3) // the page, the POST, the redirect back
                .allSatisfy(address -> assertThat(address.toString())
                        .doesNotContain(session.tokens().idToken().orElseThrow().reveal())
                        .doesNotContain("id_token_hint"));
        assertThat(browser.lastEndSession.get(5, TimeUnit.SECONDS))
                .startsWith("200")
                .contains("Signed out");
        assertThat(provider.requestsReceived("POST", "/revoke")).isEqualTo(1);
        assertThat(provider.requestsReceived("POST", "/logout")).isEqualTo(1);
        assertThat(provider.requestsReceived("GET", "/logout")).isZero();
        assertThat(client.session()).isEmpty();
        assertThat(client.state()).isInstanceOf(SessionState.SignedOut.class);
    }

    @Test
    @DisplayName("SX8: the one-time page fetched a second time (as another local process might) gets 404, and the"
            + " browser's end-session still goes through")
    void theOneTimePageIsNotServedTwice() throws Exception {
        OAuthClient client = demoClient(RedirectChoice.DEFAULT, Duration.ofSeconds(20));
        client.login();
        browser.refetchEndSessionPage = true;

        LogoutResult result = client.endSession();

        assertThat(browser.endSessionPageRefetch).isEqualTo(404);
        assertThat(result.endSession().orElseThrow().outcome()).isEqualTo(EndSession.Outcome.CONFIRMED);
        assertThat(provider.requestsReceived("POST", "/logout")).isEqualTo(1);
    }

    @Test
    @DisplayName("SX2: the IPv6 literal's post-logout URI http://[::1]:PORT/logged-out matches the registered one on"
            + " any port; the sign-in went through [::1] too (AR3)")
    void theIpv6LiteralComesBackToo() throws Exception {
        OAuthClient client = demoClient(new RedirectChoice(RedirectChoice.Host.IPV6, 0), Duration.ofSeconds(20));
        client.login();

        LogoutResult result = client.endSession();

        assertThat(result.endSession().orElseThrow().outcome()).isEqualTo(EndSession.Outcome.CONFIRMED);
        assertThat(browser.endSessionUrls.get(0).getHost()).isEqualTo("[::1]");
        assertThat(browser.endSessionForms.get(0).fields().get("post_logout_redirect_uri"))
                .matches("http://\\[::1\\]:[1-9][0-9]*/logged-out");
    }

    @Test
    @DisplayName("SX1, SX2: a post-logout URI the provider has not registered (localhost is no literal, its port is"
            + " not free) is refused there; the browser never comes back and the result says it was not confirmed")
    void anUnregisteredPostLogoutUriIsNotConfirmed() throws Exception {
        OAuthClient client = demoClient(RedirectChoice.DEFAULT, Duration.ofSeconds(2));
        // The demo provider registers no localhost redirect: sign in on the literal, end the session on localhost.
        SessionStore shared = new InMemorySessionStore();
        OAuthClient a = OAuthClient.builder(client.config())
                .browser(browser)
                .sessionStore(shared)
                .build();
        a.login();
        OAuthClient b = OAuthClient.builder(client.config())
                .browser(browser)
                .sessionStore(shared)
                .redirectChoice(new RedirectChoice(RedirectChoice.Host.LOCALHOST, 0))
                .build();

        LogoutResult result = b.endSession();

        assertThat(result.tokenRevoked()).isTrue();
        EndSession end = result.endSession().orElseThrow();
        assertThat(end.outcome()).isEqualTo(EndSession.Outcome.NOT_CONFIRMED);
        assertThat(end.detail()).contains("did not come back").contains("register http://localhost/logged-out");
        assertThat(browser.lastEndSession.get(5, TimeUnit.SECONDS))
                .startsWith("400")
                .contains("post_logout_redirect_uri is not registered");
        assertThat(b.session()).isEmpty();
    }

    @Test
    @DisplayName("SX7: mock-oauth2-server (navikt) 2.1.10 reads end-session parameters only from the query, contrary"
            + " to RP-Initiated Logout §2: it takes the POST but does not send the browser back, and the result says the"
            + " end was not confirmed, naming the POST")
    void mockOAuth2ServerIgnoresThePostedFormAndIsNotConfirmed() throws Exception {
        mock = new MockOAuth2Server();
        mock.start(InetAddress.getByName("127.0.0.1"), 0);
        String issuer = mock.issuerUrl("default").toString();
        OAuthConfig config = OAuthConfig.of(issuer, "stormwatch-test")
                .withScope("openid profile offline_access")
                .withLoopbackTimeout(Duration.ofSeconds(3));
        FollowingBrowser following = new FollowingBrowser();
        OAuthClient client = OAuthClient.builder(config).browser(following).build();
        client.login();

        LogoutResult result = client.endSession();

        assertThat(result.tokenRevoked()).isTrue();
        EndSession end = result.endSession().orElseThrow();
        assertThat(end.outcome()).as(end.detail()).isEqualTo(EndSession.Outcome.NOT_CONFIRMED);
        assertThat(end.detail()).contains("did not come back").contains("form POST");
        assertThat(following.opened.get(1).getPath()).startsWith(LoopbackReceiver.END_SESSION_PAGE_PREFIX);
        var form = following.endSessionForms.get(0);
        assertThat(form.action().encodedPath()).endsWith("/endsession");
        assertThat(form.fields().get("id_token_hint")).isNotBlank();
        assertThat(following.lastPage())
                .startsWith("200")
                .contains("logged out")
                .doesNotContain("Signed out");
        assertThat(client.session()).isEmpty();
    }

    @Test
    @DisplayName("AR3: a sign-in with the redirect URI http://[::1]:PORT/callback against mock-oauth2-server")
    void mockOAuth2ServerSignsInOnTheIpv6Literal() throws Exception {
        mock = new MockOAuth2Server();
        mock.start(InetAddress.getByName("127.0.0.1"), 0);
        OAuthConfig config = OAuthConfig.of(mock.issuerUrl("default").toString(), "stormwatch-test")
                .withLoopbackTimeout(Duration.ofSeconds(20));
        FollowingBrowser following = new FollowingBrowser();
        OAuthClient client = OAuthClient.builder(config)
                .browser(following)
                .redirectChoice(new RedirectChoice(RedirectChoice.Host.IPV6, 0))
                .build();

        Session session = client.login();

        assertThat(HttpUrl.get(following.opened.get(0).toString()).queryParameter("redirect_uri"))
                .matches("http://\\[::1\\]:[1-9][0-9]*/callback");
        assertThat(following.lastPage()).startsWith("200").contains("Signed in");
        assertThat(session.claims().orElseThrow().audience()).contains("stormwatch-test");
    }

    @Test
    @DisplayName("SX7: against Spring Authorization Server (which nobody on the team wrote), end_session revokes, the"
            + " browser ends Spring's own sign-in by a POST to /connect/logout with id_token_hint in its body, none in"
            + " its address, and comes back to the"
            + " registered post-logout URI on the fixed redirect port, and the result says the provider ended it")
    void springAuthorizationServerEndsItsSession() throws Exception {
        int port;
        try (java.net.ServerSocket free = new java.net.ServerSocket(0)) {
            port = free.getLocalPort();
        }
        String back = "http://127.0.0.1:" + port + LoopbackReceiver.LOGGED_OUT_PATH;
        try (SpringAuthorizationServer spring =
                SpringAuthorizationServer.start(Duration.ofSeconds(60), java.util.Optional.of(back))) {
            FormLoginBrowser person = new FormLoginBrowser(
                    SpringAuthorizationServer.USER, SpringAuthorizationServer.PASSWORD, Duration.ZERO);
            OAuthConfig config = OAuthConfig.of(spring.issuer(), SpringAuthorizationServer.CLIENT_ID)
                    .withScope("openid profile")
                    .withLoopbackTimeout(Duration.ofSeconds(20))
                    .withClientAuthentication(ClientAuthentication.of(
                            ClientAuthentication.Method.CLIENT_SECRET_BASIC,
                            dev.stormwatch.base.Secret.of(SpringAuthorizationServer.CLIENT_SECRET)))
                    .withRedirectChoice(new RedirectChoice(RedirectChoice.Host.IPV4, port));
            OAuthClient client = OAuthClient.builder(config).browser(person).build();
            Session session = client.login();

            LogoutResult result = client.endSession();

            assertThat(result.tokenRevoked()).as("%s", result.revocationError()).isTrue();
            assertThat(result.endSession()).hasValueSatisfying(end -> {
                assertThat(end.outcome()).as(end.detail()).isEqualTo(EndSession.Outcome.CONFIRMED);
                assertThat(end.detail())
                        .contains(back)
                        .doesNotContain(session.tokens().idToken().orElseThrow().reveal());
            });
            assertThat(person.lastPage()).startsWith("200").contains("Signed out");
            assertThat(spring.requestsReceived("POST", "/oauth2/revoke")).isEqualTo(1);
            // SX7: Spring (which requires id_token_hint) got one POST, with no query at all: the hint was in its body.
            assertThat(spring.requestsReceived("POST", "/connect/logout")).isEqualTo(1);
            assertThat(spring.requestsReceived("GET", "/connect/logout")).isZero();
            assertThat(spring.queryParameterNames("POST", "/connect/logout")).containsExactly("");
            assertThat(person.endSessionForms.get(0).fields())
                    .containsEntry(
                            "id_token_hint",
                            session.tokens().idToken().orElseThrow().reveal());
            assertThat(client.session()).isEmpty();
        }
    }

    @Test
    @DisplayName("SX1: Spring Authorization Server matches the post-logout URI exactly: on an ephemeral port it does"
            + " not send the browser back, and the result says so and names the fixed port it needs")
    void springRefusesAnUnregisteredPostLogoutUri() throws Exception {
        try (SpringAuthorizationServer spring = SpringAuthorizationServer.start(
                Duration.ofSeconds(60), java.util.Optional.of("http://127.0.0.1:1/logged-out"))) {
            FormLoginBrowser person = new FormLoginBrowser(
                    SpringAuthorizationServer.USER, SpringAuthorizationServer.PASSWORD, Duration.ZERO);
            OAuthConfig config = OAuthConfig.of(spring.issuer(), SpringAuthorizationServer.CLIENT_ID)
                    .withScope("openid profile")
                    .withLoopbackTimeout(Duration.ofSeconds(3))
                    .withClientAuthentication(ClientAuthentication.of(
                            ClientAuthentication.Method.CLIENT_SECRET_BASIC,
                            dev.stormwatch.base.Secret.of(SpringAuthorizationServer.CLIENT_SECRET)));
            OAuthClient client = OAuthClient.builder(config).browser(person).build();
            client.login();

            LogoutResult result = client.endSession();

            assertThat(result.tokenRevoked()).isTrue();
            EndSession end = result.endSession().orElseThrow();
            assertThat(end.outcome()).isEqualTo(EndSession.Outcome.NOT_CONFIRMED);
            assertThat(end.detail()).contains("did not come back").contains("fixed redirect port");
            assertThat(person.lastPage()).doesNotContain("Signed out");
            assertThat(spring.requestsReceived("POST", "/connect/logout")).isEqualTo(1);
            assertThat(client.session()).isEmpty();
        }
    }
}
