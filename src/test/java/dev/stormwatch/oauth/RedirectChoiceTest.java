package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The redirect URI's host and port, on real sockets (AR2). */
class RedirectChoiceTest extends OAuthClientFixture {

    private OAuthClient client(RedirectChoice choice) {
        return OAuthClient.builder(config())
                .httpClient(new OkHttpClient())
                .clock(clock)
                .sleeper(sleeper)
                .browser(browser)
                .sessionStore(store)
                .redirectChoice(choice)
                .build();
    }

    private String sentRedirectUri() {
        return provider.requestsTo("/authorize").get(0).getRequestUrl().queryParameter("redirect_uri");
    }

    private static int freePort() throws Exception {
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            return probe.getLocalPort();
        }
    }

    @Test
    @DisplayName("AR2: a fixed port is the one in the redirect URI sent and exchanged, and the sign-in completes")
    void aFixedPortIsUsed() throws Exception {
        int port = freePort();

        client(new RedirectChoice(false, port)).login();

        assertThat(sentRedirectUri()).isEqualTo("http://127.0.0.1:" + port + "/callback");
        assertThat(FakeProvider.form(provider.requestsTo("/token").get(0)))
                .containsEntry("redirect_uri", "http://127.0.0.1:" + port + "/callback");
    }

    @Test
    @DisplayName("AR2: localhost names the redirect URI's host; the browser reaches the loopback listener")
    void localhostIsTheName() {
        client(new RedirectChoice(true, 0)).login();

        assertThat(sentRedirectUri()).startsWith("http://localhost:").endsWith("/callback");
        assertThat(store.load()).isPresent();
    }

    @Test
    @DisplayName("AR2: the default stays RFC 8252's literal IP on an ephemeral port")
    void theDefaultIsTheLiteralIp() {
        client(RedirectChoice.DEFAULT).login();

        assertThat(sentRedirectUri()).startsWith("http://127.0.0.1:").doesNotEndWith(":0/callback");
    }

    @Test
    @DisplayName("AR2: a fixed port that is taken is a Configuration error naming it, before the browser opens")
    void aTakenPortIsRefusedBeforeTheBrowser() throws Exception {
        try (ServerSocket taken = new ServerSocket()) {
            taken.bind(new InetSocketAddress(InetAddress.getByName("127.0.0.1"), 0));
            int port = taken.getLocalPort();

            assertThatThrownBy(() -> client(new RedirectChoice(false, port)).login())
                    .isInstanceOf(CallFailure.Configuration.class)
                    .hasMessageContaining("port " + port);
        }
        assertThat(provider.hits("/authorize")).isZero();
        assertThat(provider.hits("/token")).isZero();
    }

    @Test
    @DisplayName("AR2: a port outside 0..65535 is refused when made")
    void anImpossiblePortIsRefused() {
        assertThatThrownBy(() -> new RedirectChoice(false, 65_536))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("65536");
        assertThatThrownBy(() -> new RedirectChoice(false, -1)).isInstanceOf(CallFailure.Configuration.class);
        assertThat(new RedirectChoice(false, 65_535).port()).isEqualTo(65_535);
    }
}
