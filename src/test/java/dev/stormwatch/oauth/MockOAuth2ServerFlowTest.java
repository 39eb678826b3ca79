package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
import dev.stormwatch.http.AttemptEvent;
import java.net.InetAddress;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import no.nav.security.mock.oauth2.MockOAuth2Server;
import okhttp3.OkHttpClient;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The full flow against an independent provider nobody on the team wrote (navikt's mock-oauth2-server). */
class MockOAuth2ServerFlowTest {

    private final MockOAuth2Server server = new MockOAuth2Server();
    private final FollowingBrowser browser = new FollowingBrowser();
    private final List<AttemptEvent> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        server.start(InetAddress.getByName("127.0.0.1"), 0);
    }

    @AfterEach
    void stop() {
        server.shutdown();
    }

    @Test
    @DisplayName("E1: login, userinfo, refresh, userinfo, logout against mock-oauth2-server, each ending in a result")
    void fullFlow() throws Exception {
        String issuer = server.issuerUrl("default").toString();
        OAuthConfig config = OAuthConfig.of(issuer, "stormwatch-test")
                .withScope("openid profile offline_access")
                .withLoopbackTimeout(Duration.ofSeconds(20));
        OAuthClient client = OAuthClient.builder(config)
                .httpClient(new OkHttpClient())
                .clock(Clock.systemUTC())
                .sleeper(d -> {
                    throw new AssertionError("no retry expected against a healthy provider, asked to sleep " + d);
                })
                .browser(browser)
                .build();
        client.addAttemptListener(events::add);

        Session session = client.login();
        UserInfo first = client.userInfo();
        Session refreshed = client.refresh();
        UserInfo second = client.userInfo();
        LogoutResult logout = client.logout();

        assertThat(browser.lastPage()).startsWith("200").contains("Signed in");
        assertThat(session.claims().orElseThrow().issuer()).isEqualTo(issuer);
        assertThat(session.claims().orElseThrow().audience()).contains("stormwatch-test");
        assertThat(first.subject()).isEqualTo(session.claims().orElseThrow().subject());
        assertThat(refreshed.tokens().accessToken())
                .isNotEqualTo(session.tokens().accessToken());
        assertThat(refreshed.claims().orElseThrow().subject())
                .isEqualTo(session.claims().orElseThrow().subject());
        assertThat(second.subject()).isEqualTo(session.claims().orElseThrow().subject());
        assertThat(logout.tokenRevoked()).isTrue();
        assertThat(client.session()).isEmpty();
        assertThat(client.state()).isInstanceOf(SessionState.SignedOut.class);
        assertThat(events)
                .extracting(AttemptEvent::step)
                .contains("discovery", "token", "jwks", "userinfo", "refresh", "revocation");
        assertThat(events).allSatisfy(e -> assertThat(e.verdict()).isEqualTo(AttemptEvent.Verdict.DELIVER));
    }

    @Test
    @DisplayName("CA1, CA3: a confidential client with client_secret_basic: code exchange, refresh and revocation"
            + " carry HTTP Basic, and the secret is in no attempt event (CA2)")
    void confidentialClientWithBasic() throws Exception {
        String secret = "mock-server-secret";
        String issuer = server.issuerUrl("default").toString();
        OAuthConfig config = OAuthConfig.of(issuer, "stormwatch-confidential")
                .withScope("openid profile offline_access")
                .withLoopbackTimeout(Duration.ofSeconds(20))
                .withClientAuthentication(
                        ClientAuthentication.of(ClientAuthentication.Method.CLIENT_SECRET_BASIC, Secret.of(secret)));
        OAuthClient client = OAuthClient.builder(config).browser(browser).build();
        client.addAttemptListener(events::add);

        Session session = client.login();
        Session refreshed = client.refresh();
        LogoutResult logout = client.logout();

        assertThat(session.claims().orElseThrow().audience()).contains("stormwatch-confidential");
        assertThat(refreshed.tokens().accessToken())
                .isNotEqualTo(session.tokens().accessToken());
        assertThat(logout.tokenRevoked()).isTrue();
        String basic = ClientAuthentication.basic("stormwatch-confidential", Secret.of(secret));
        List<RecordedRequest> tokenSide = new java.util.ArrayList<>();
        while (true) {
            RecordedRequest r;
            try {
                r = server.takeRequest(200, TimeUnit.MILLISECONDS);
            } catch (RuntimeException drained) {
                break; // mock-oauth2-server throws when its queue is empty
            }
            if ("POST".equals(r.getMethod()) && !r.getPath().contains("authorize")) {
                tokenSide.add(r);
            }
        }
        assertThat(tokenSide)
                .hasSizeGreaterThanOrEqualTo(3)
                .allSatisfy(r -> assertThat(r.getHeader("Authorization")).isEqualTo(basic))
                .allSatisfy(r -> assertThat(r.getBody().readUtf8()).doesNotContain("client_secret"));
        assertThat(events.toString()).doesNotContain(secret);
    }
}
