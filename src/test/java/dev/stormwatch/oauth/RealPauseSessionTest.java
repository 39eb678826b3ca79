package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.provider.ProviderConfig;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;

/**
 * A person's session at a person's pace, on the real clock, against a provider with Node's keep-alive of 5 s: 7 s on
 * the sign-in page, 30 s looking at the session before Refresh, then UserInfo and Sign out 7 s apart. Every call
 * succeeds at its first attempt, and the provider's own record holds no request twice (CN1, CN2, P3, F1).
 */
@Tag("slow")
@WaitsBesideOtherTests
class RealPauseSessionTest {

    @Test
    @DisplayName("CN1, CN2: sign-in in 7 s, refresh after 30 s idle, userinfo, sign-out, with a 5 s keep-alive")
    void sessionAtAPersonsPaceAgainstAFiveSecondKeepAlive() throws Exception {
        List<AttemptEvent> events = new CopyOnWriteArrayList<>();
        try (DemoProvider provider =
                DemoProvider.start(ProviderConfig.defaults().withKeepAlive(Duration.ofSeconds(5)))) {
            OAuthConfig config = OAuthConfig.of(provider.issuer().toString(), ClientRegistration.DESKTOP_CLIENT_ID)
                    .withScope("openid profile offline_access");
            OAuthClient client = OAuthClient.builder(config)
                    .browser(new SignInPageBrowser(Duration.ofSeconds(7)))
                    .build();
            client.addAttemptListener(events::add);

            client.login();
            Thread.sleep(30_000);
            client.refresh();
            Thread.sleep(7_000);
            UserInfo info = client.userInfo();
            Thread.sleep(7_000);
            LogoutResult logout = client.logout();

            assertThat(info.subject()).isNotBlank();
            assertThat(logout.tokenRevoked()).isTrue();
            assertThat(events).allSatisfy(event -> {
                assertThat(event.failure()).as("failure of %s", event.step()).isEmpty();
                assertThat(event.attempt()).as("attempt of %s", event.step()).isEqualTo(1);
            });
            assertThat(provider.requestsReceived("POST", "/par")).isEqualTo(1);
            assertThat(provider.requestsReceived("POST", "/token"))
                    .as("one code exchange, one refresh")
                    .isEqualTo(2);
            assertThat(provider.requestsReceived("GET", "/userinfo")).isEqualTo(1);
            assertThat(provider.requestsReceived("POST", "/revoke")).isEqualTo(1);
        }
    }
}
