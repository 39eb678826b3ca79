package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.http.ConnectionUse;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.testing.StartedProviders;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * A person's pauses against a provider that closes idle keep-alive connections quickly, on real sockets and the real
 * clock: the demo provider closes a connection idle for 1 s, and the person takes 2 s on the sign-in page and 2 s
 * between clicks. Before CN1 and CN2, the code exchange was written onto the pooled connection that discovery had
 * used, met a closed socket, and the login was lost (it is sent once, P3). The provider's own record proves that no
 * request was sent twice.
 */
@WaitsBesideOtherTests
class ShortKeepAliveProviderTest {

    private static final Duration KEEP_ALIVE = Duration.ofSeconds(1);
    private static final Duration PAUSE = Duration.ofMillis(2_000);

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider provider;
    private final List<AttemptEvent> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws Exception {
        provider = providers.start(ProviderConfig.defaults().withKeepAlive(KEEP_ALIVE));
    }

    @Test
    @DisplayName("CN1, P3: a sign-in that outlasts the keep-alive exchanges its code once, on a new connection")
    void signInSlowerThanKeepAliveSucceeds() {
        OAuthClient client = client(new SignInPageBrowser(PAUSE));

        Session session = client.login();

        assertThat(session.tokens().accessToken()).isNotNull();
        assertThat(provider.requestsReceived("POST", "/token"))
                .as("code exchanges the provider read")
                .isEqualTo(1);
        assertThat(provider.requestsReceived("POST", "/par"))
                .as("pushed requests the provider read")
                .isEqualTo(1);
        assertThat(only("token").connection()).isEqualTo(ConnectionUse.OPENED_NOT_RESENDABLE);
        assertThat(only("token").attempt()).isEqualTo(1);
        // CN2: the JWKS fetch after the exchange found discovery's pooled connection closed and went again, once.
        assertThat(only("jwks").connection()).isEqualTo(ConnectionUse.OPENED_AFTER_STALE);
        assertThat(only("jwks").failure()).isEmpty();
        assertThat(provider.requestsReceived("GET", "/jwks")).isEqualTo(1);
    }

    @Test
    @DisplayName("CN1, CN2, CN3, F1, OP5: refresh, userinfo and revocation after pauses longer than the keep-alive")
    void callsAfterIdlePausesSucceedWithoutResendingAPost() throws Exception {
        OAuthClient client = client(new SignInPageBrowser());
        client.login();
        events.clear();

        Thread.sleep(PAUSE.toMillis());
        client.refresh();
        Thread.sleep(PAUSE.toMillis());
        UserInfo info = client.userInfo();
        Thread.sleep(PAUSE.toMillis());
        LogoutResult logout = client.logout();

        assertThat(info.claims()).containsKey("sub");
        assertThat(logout.tokenRevoked()).isTrue();
        // The provider's record: one code exchange and one refresh, one revocation; nothing sent twice.
        assertThat(provider.requestsReceived("POST", "/token")).isEqualTo(2);
        assertThat(provider.requestsReceived("POST", "/revoke")).isEqualTo(1);
        assertThat(provider.requestsReceived("GET", "/userinfo")).isEqualTo(1);
        assertThat(events).as("no attempt failed").allSatisfy(event -> {
            assertThat(event.failure()).isEmpty();
            assertThat(event.attempt()).isEqualTo(1);
        });
        assertThat(only("refresh").connection()).isEqualTo(ConnectionUse.OPENED_NOT_RESENDABLE);
        assertThat(only("revocation").connection()).isEqualTo(ConnectionUse.OPENED_NOT_RESENDABLE);
        // The userinfo GET went onto the pooled connection that login's last read had left, found it closed, and was
        // sent once more on a new one: the server read it once, because it never read the first.
        assertThat(only("userinfo").connection()).isEqualTo(ConnectionUse.OPENED_AFTER_STALE);
    }

    private AttemptEvent only(String step) {
        List<AttemptEvent> matching =
                events.stream().filter(event -> event.step().equals(step)).toList();
        assertThat(matching).as("events of step %s in %s", step, events).hasSize(1);
        return matching.get(0);
    }

    private OAuthClient client(SignInPageBrowser browser) {
        OAuthConfig config = OAuthConfig.of(provider.issuer().toString(), ClientRegistration.DESKTOP_CLIENT_ID)
                .withScope("openid profile offline_access");
        OAuthClient client = OAuthClient.builder(config).browser(browser).build();
        client.addAttemptListener(events::add);
        return client;
    }
}
