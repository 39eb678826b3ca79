package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.provider.ClientRegistration;
import dev.stormwatch.provider.DemoProvider;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.testing.StartedProviders;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.io.TempDir;

/**
 * A session kept for provider A, then a client configured for provider B with the same session file: B's endpoints
 * must never see A's tokens. Two demo providers on real sockets; their own records say what reached them.
 */
class SessionBindingOnTheWireTest {

    @TempDir
    Path folder;

    @RegisterExtension
    final StartedProviders providers = new StartedProviders();

    private DemoProvider providerA;
    private DemoProvider providerB;
    private Path file;

    @BeforeEach
    void signInToA() throws Exception {
        providerA = providers.start();
        providerB = providers.start();
        file = folder.resolve("session.json");
        OAuthClient.builder(config(providerA))
                .browser(new SignInPageBrowser())
                .sessionStore(new FileSessionStore(file))
                .build()
                .login();
    }

    @Test
    @DisplayName(
            "A4: a session kept for provider A: refresh, userinfo and logout configured for B send B nothing of it")
    void anotherProvidersSessionNeverReachesIt() throws Exception {
        String before = Files.readString(file);
        OAuthClient clientForB = OAuthClient.builder(config(providerB))
                .sessionStore(new FileSessionStore(file))
                .build();

        assertThat(clientForB.session()).isEmpty();
        assertThat(clientForB.state()).isInstanceOf(SessionState.SignedOut.class);
        assertThatThrownBy(clientForB::refresh)
                .isInstanceOf(CallFailure.Reauthenticate.class)
                .hasMessageContaining("belongs to issuer " + providerA.issuer())
                .hasMessageContaining("never sent anywhere else");
        assertThatThrownBy(clientForB::userInfo).isInstanceOf(CallFailure.Reauthenticate.class);
        assertThatThrownBy(clientForB::accessToken).isInstanceOf(CallFailure.Reauthenticate.class);
        LogoutResult logout = clientForB.logout();

        assertThat(logout.tokenRevoked()).isFalse();
        assertThat(logout.revocationError())
                .get()
                .extracting(Throwable::getMessage)
                .asString()
                .contains("belongs to issuer " + providerA.issuer());
        assertThat(providerB.requestsReceived("POST", "/token")).isZero();
        assertThat(providerB.requestsReceived("GET", "/userinfo")).isZero();
        assertThat(providerB.requestsReceived("POST", "/revoke")).isZero();
        // Nothing lost: A's session is still in the file, and A's own client still uses it.
        assertThat(Files.readString(file)).isEqualTo(before);
        OAuthClient clientForA = OAuthClient.builder(config(providerA))
                .sessionStore(new FileSessionStore(file))
                .build();
        assertThat(clientForA.userInfo().subject()).isNotBlank();
    }

    @Test
    @DisplayName("A4: the same provider with another client id is another binding: its session is refused too")
    void anotherClientIdOfTheSameProviderIsRefused() {
        OAuthConfig otherClient =
                OAuthConfig.of(providerA.issuer().toString(), "another-client").withScope("openid offline_access");
        OAuthClient client = OAuthClient.builder(otherClient)
                .sessionStore(new FileSessionStore(file))
                .build();

        assertThatThrownBy(client::refresh)
                .isInstanceOf(CallFailure.Reauthenticate.class)
                .hasMessageContaining("with client id " + ClientRegistration.DESKTOP_CLIENT_ID);
        assertThat(providerA.requestsReceived("POST", "/token"))
                .as("only A's own code exchange")
                .isEqualTo(1);
    }

    @Test
    @DisplayName("A4: the session file names the issuer and client id it belongs to")
    void sessionFileNamesItsBinding() throws Exception {
        String json = Files.readString(file);

        assertThat(json)
                .contains("\"issuer\":\"" + providerA.issuer() + "\"")
                .contains("\"client_id\":\"" + ClientRegistration.DESKTOP_CLIENT_ID + "\"");
    }

    private static OAuthConfig config(DemoProvider provider) {
        return OAuthConfig.of(provider.issuer().toString(), ClientRegistration.DESKTOP_CLIENT_ID)
                .withScope("openid offline_access");
    }
}
