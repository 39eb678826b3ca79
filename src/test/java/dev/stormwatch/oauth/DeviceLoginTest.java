package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The device authorization grant against a provider on a real socket (a scripted MockWebServer), with a sleeper
 * that moves the fake clock: which polls were sent, when, and with what (DV1–DV5).
 */
class DeviceLoginTest extends OAuthClientFixture {

    private final List<DeviceAuthorization> shown = new CopyOnWriteArrayList<>();

    private List<RecordedRequest> polls() {
        return provider.requestsTo("/token").stream()
                .filter(r -> FakeProvider.form(r).get("grant_type").equals(OAuthClient.DEVICE_CODE_GRANT))
                .toList();
    }

    @Test
    @DisplayName("DV1–DV3: the codes are shown, pending polls wait the interval, slow_down adds 5 s for good, and"
            + " the tokens end in a validated session")
    void pendingThenSlowDownThenTokens() {
        provider.script(
                "/token",
                FakeProvider.oauthError(400, "authorization_pending"),
                FakeProvider.oauthError(400, "slow_down"),
                FakeProvider.oauthError(400, "authorization_pending"));
        OAuthClient client = client();

        Session session = client.loginOnDevice(shown::add);

        assertThat(shown).singleElement().satisfies(d -> {
            assertThat(d.userCode()).isEqualTo("WDJB-MJHT");
            assertThat(d.verificationUri().toString()).isEqualTo(provider.issuer + "/activate");
            assertThat(d.verificationUriComplete()).isPresent();
            assertThat(d.expiresAt()).isEqualTo(START.plusSeconds(600));
        });
        assertThat(session.claims().orElseThrow().subject()).isEqualTo("alice");
        assertThat(store.load()).isPresent();
        // DV2, DV3: 5 s before the first poll, 5 s after pending, 10 s after slow_down and 10 s after it.
        assertThat(sleeps)
                .containsExactly(
                        Duration.ofSeconds(5), Duration.ofSeconds(5), Duration.ofSeconds(10), Duration.ofSeconds(10));
        List<RecordedRequest> polls = polls();
        assertThat(polls).hasSize(4);
        assertThat(polls)
                .allSatisfy(r -> assertThat(FakeProvider.form(r))
                        .containsEntry("client_id", "app")
                        .containsKey("device_code"));
        // DV1: the device request carried the client and the scope.
        Map<String, String> device =
                FakeProvider.form(provider.requestsTo("/device").get(0));
        assertThat(device).containsEntry("client_id", "app").containsEntry("scope", "openid");
        assertThat(events.toString()).doesNotContain("device-");
    }

    @Test
    @DisplayName("DV6: invalid_scope says the provider's device sign-in may not offer OpenID"
            + " Connect and to sign in through the browser; nothing is shown, polled or stored")
    void invalidScopeWithOpenidIsExplained() {
        provider.script("/device", FakeProvider.oauthError(400, "invalid_scope"));

        assertThatThrownBy(() -> client(config().withScope("openid profile")).loginOnDevice(shown::add))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("refused the scopes 'openid profile' (invalid_scope)")
                .hasMessageContaining("sign in through the browser");

        assertThat(shown).isEmpty();
        assertThat(polls()).isEmpty();
        assertThat(store.load()).isEmpty();
    }

    @Test
    @DisplayName("DV6: another refusal of the device authorization request stays the provider's own error")
    void otherDeviceRefusalsAreNotExplainedAsOpenid() {
        provider.script("/device", FakeProvider.oauthError(400, "unauthorized_client"));

        assertThatThrownBy(() -> client().loginOnDevice(shown::add))
                .hasMessageContaining("unauthorized_client")
                .hasMessageNotContaining("OpenID Connect");
    }

    @Test
    @DisplayName("DV4: expired_token ends the sign-in with Reauthenticate after that poll, and nothing is stored")
    void expiredTokenStops() {
        provider.script(
                "/token",
                FakeProvider.oauthError(400, "authorization_pending"),
                FakeProvider.oauthError(400, "expired_token"));

        assertThatThrownBy(() -> client().loginOnDevice(shown::add))
                .isInstanceOf(CallFailure.Reauthenticate.class)
                .hasMessageContaining("expired");

        assertThat(polls()).hasSize(2);
        assertThat(store.load()).isEmpty();
    }

    @Test
    @DisplayName("DV4: access_denied ends the sign-in with Reauthenticate saying the person refused")
    void accessDeniedStops() {
        provider.script("/token", FakeProvider.oauthError(400, "access_denied"));

        assertThatThrownBy(() -> client().loginOnDevice(shown::add))
                .isInstanceOf(CallFailure.Reauthenticate.class)
                .hasMessageContaining("access_denied");
        assertThat(polls()).hasSize(1);
    }

    @Test
    @DisplayName("DV4: no poll is sent at or after the code's expiry: a 12 s code with a 5 s interval polls twice")
    void noPollAfterTheDeadline() {
        provider.deviceExpiresInSeconds = 12;
        provider.script(
                "/token",
                FakeProvider.oauthError(400, "authorization_pending"),
                FakeProvider.oauthError(400, "authorization_pending"),
                FakeProvider.oauthError(400, "authorization_pending"));

        assertThatThrownBy(() -> client().loginOnDevice(shown::add))
                .isInstanceOf(CallFailure.Reauthenticate.class)
                .hasMessageContaining("expires at");

        assertThat(polls()).hasSize(2);
        assertThat(clock.instant()).isBefore(START.plusSeconds(12));
    }

    @Test
    @DisplayName("DV5, F1: a 503 on a poll is not resent at once (it may have been processed): the next poll waits"
            + " the doubled interval")
    void aServerErrorOnAPollBacksOff() {
        provider.script("/token", FakeProvider.status(503, null));

        Session session = client().loginOnDevice(shown::add);

        assertThat(session.claims().orElseThrow().subject()).isEqualTo("alice");
        assertThat(polls()).hasSize(2);
        assertThat(sleeps).containsExactly(Duration.ofSeconds(5), Duration.ofSeconds(10));
    }

    @Test
    @DisplayName("DV1: a provider without a device_authorization_endpoint is a Configuration error, nothing posted")
    void noDeviceEndpointIsAConfigurationError() {
        provider.deviceEndpoint = false;

        assertThatThrownBy(() -> client().loginOnDevice(shown::add))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("device_authorization_endpoint");
        assertThat(provider.hits("/device")).isZero();
        assertThat(shown).isEmpty();
    }

    @Test
    @DisplayName("DV1: the device request is retried like PAR after a 503 (nothing was granted yet)")
    void theDeviceRequestIsRetried() {
        provider.script("/device", FakeProvider.status(503, "1"));

        client().loginOnDevice(shown::add);

        assertThat(provider.hits("/device")).isEqualTo(2);
        assertThat(shown).hasSize(1);
    }
}
