package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.base.Secret;
import dev.stormwatch.retry.CallFailure;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * TX2 on every grant the client takes tokens from: a token bound to a certificate the client did not present is
 * refused where it arrives, and nothing of it is kept. The provider is a real socket (a scripted MockWebServer).
 */
class CertificateBoundOnEveryGrantTest extends OAuthClientFixture {

    private static final String SOMEONE_ELSES = "c29tZW9uZS1lbHNlcy1jZXJ0aWZpY2F0ZS10aHVtYnByaW50";

    @Test
    @DisplayName("TX2: the code exchange refuses a token bound to a certificate the client did not present, and"
            + " stores no session")
    void theCodeExchangeRefusesABoundToken() {
        provider.boundToThumbprint = SOMEONE_ELSES;
        OAuthClient client = client();

        assertThatThrownBy(client::login)
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining("presented none");
        assertThat(store.load()).isEmpty();
    }

    @Test
    @DisplayName("TX2: a refresh that brings a token bound to a certificate the client did not present is refused,"
            + " and the bound token replaces nothing")
    void aRefreshRefusesABoundToken() {
        OAuthClient client = client();
        Session signedIn = client.login();
        provider.boundToThumbprint = SOMEONE_ELSES;

        assertThatThrownBy(client::refresh)
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining("presented none");
        assertThat(store.load())
                .hasValueSatisfying(kept -> assertThat(kept.tokens().accessToken())
                        .isEqualTo(signedIn.tokens().accessToken()));
    }

    @Test
    @DisplayName("TX2: client credentials refuse a machine token bound to a certificate the client did not present")
    void clientCredentialsRefuseABoundToken() {
        provider.boundToThumbprint = SOMEONE_ELSES;
        OAuthClient client = client(config().withClientAuthentication(ClientAuthentication.of(
                ClientAuthentication.Method.CLIENT_SECRET_BASIC, Secret.of("machine-secret"))));

        assertThatThrownBy(() -> client.clientCredentials("api.read"))
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining("presented none");
    }

    @Test
    @DisplayName("TX2, DV4: a device sign-in refuses a token bound to a certificate the client did not present, and"
            + " stores and announces no session")
    void aDeviceSignInRefusesABoundToken() {
        provider.boundToThumbprint = SOMEONE_ELSES;
        OAuthClient client = client();
        List<DeviceAuthorization> shown = new ArrayList<>();

        assertThatThrownBy(() -> client.loginOnDevice(shown::add))
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining("presented none");
        assertThat(shown).hasSize(1);
        assertThat(store.load()).isEmpty();
        assertThat(states).noneMatch(SessionState.SignedIn.class::isInstance);
    }
}
