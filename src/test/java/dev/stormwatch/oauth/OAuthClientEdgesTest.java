package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.base.Secret;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import okhttp3.mockwebserver.MockResponse;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Edges of the client's grants that the flow tests pass by: intervals, lifetimes and the states it announces. */
class OAuthClientEdgesTest extends OAuthClientFixture {

    @Test
    @DisplayName("DV2: the first poll waits the answer's own interval when it gives one (7 s here, not the default 5)")
    void theFirstPollWaitsTheAnswersInterval() {
        provider.deviceIntervalSeconds = 7;
        OAuthClient client = client();

        client.loginOnDevice(authorization -> {});

        assertThat(sleeps).containsExactly(Duration.ofSeconds(7));
    }

    @Test
    @DisplayName("DV4: a device sign-in announces the signed-in session it stores")
    void aDeviceSignInAnnouncesItsSession() {
        OAuthClient client = client();
        List<DeviceAuthorization> shown = new ArrayList<>();

        Session session = client.loginOnDevice(shown::add);

        assertThat(store.load()).contains(session);
        assertThat(states)
                .filteredOn(SessionState.SignedIn.class::isInstance)
                .singleElement()
                .satisfies(state ->
                        assertThat(((SessionState.SignedIn) state).session()).isEqualTo(session));
    }

    @Test
    @DisplayName("F3: a refresh is announced while it runs, then the refreshed session")
    void aRefreshIsAnnouncedThenItsSession() {
        OAuthClient client = client();
        client.login();
        states.clear();

        Session refreshed = client.refresh();

        assertThat(states).hasSize(2);
        assertThat(states.get(0)).isInstanceOf(SessionState.Refreshing.class);
        assertThat(states.get(1)).isEqualTo(new SessionState.SignedIn(refreshed));
    }

    @Test
    @DisplayName("CA7: a machine token whose expires_in is 0 has no expiry; one of 1 s expires a second after it came")
    void aMachineTokenOfNoLifetimeHasNoExpiry() {
        OAuthClient client = client(config().withClientAuthentication(ClientAuthentication.of(
                ClientAuthentication.Method.CLIENT_SECRET_BASIC, Secret.of("machine-secret"))));
        provider.script("/token", machineToken(0), machineToken(1));

        MachineToken none = client.clientCredentials("api.read");
        MachineToken oneSecond = client.clientCredentials("api.read");

        assertThat(none.expiresAt()).isEmpty();
        assertThat(oneSecond.expiresAt()).contains(clock.instant().plusSeconds(1));
    }

    @Test
    @DisplayName("P9: a refresh the provider refuses (invalid_grant) offers no retry, one with a broken answer does")
    void aFailedRefreshSaysWhetherARetryCanHelp() {
        OAuthClient client = client();
        client.login();
        provider.script("/token", FakeProvider.oauthError(400, "invalid_grant"));
        states.clear();
        org.assertj.core.api.Assertions.catchThrowable(client::refresh);
        SessionState refused = states.get(states.size() - 1);
        client.login();
        provider.script(
                "/token",
                new MockResponse()
                        .setHeader("Content-Type", "application/json")
                        .setBody("{\"token_type\":\"Bearer\"}"));
        states.clear();
        org.assertj.core.api.Assertions.catchThrowable(client::refresh);
        SessionState broken = states.get(states.size() - 1);

        assertThat(refused)
                .isInstanceOfSatisfying(
                        SessionState.Failed.class,
                        failed -> assertThat(failed.retryPossibleNow()).isFalse());
        assertThat(broken)
                .isInstanceOfSatisfying(
                        SessionState.Failed.class,
                        failed -> assertThat(failed.retryPossibleNow()).isTrue());
    }

    @Test
    @DisplayName("E5: a new browser sign-in whose answer is broken (Protocol) leaves no session stored; a Recoverable"
            + " failure keeps the one there was")
    void aBrokenSignInClearsTheStoreARecoverableOneKeepsIt() {
        OAuthClient client = client();
        Session first = client.login();
        provider.script(
                "/token",
                FakeProvider.status(503, null),
                FakeProvider.status(503, null),
                FakeProvider.status(503, null),
                FakeProvider.status(503, null),
                FakeProvider.status(503, null));

        org.assertj.core.api.Assertions.catchThrowable(client::login);
        java.util.Optional<Session> afterRecoverable = store.load();
        provider.scripted.clear();
        provider.script("/token", brokenTokenAnswer());
        org.assertj.core.api.Assertions.catchThrowable(client::login);

        assertThat(afterRecoverable).contains(first);
        assertThat(store.load()).isEmpty();
    }

    @Test
    @DisplayName("DV1, E5: a device answer without a positive expires_in is a Protocol error, and a device sign-in"
            + " that ends in one leaves no session stored")
    void aDeviceAnswerWithoutLifetimeIsRefusedAndClearsTheStore() {
        OAuthClient client = client();
        client.login();
        provider.deviceExpiresInSeconds = 0;

        assertThatThrownBy(() -> client.loginOnDevice(authorization -> {}))
                .isInstanceOf(dev.stormwatch.retry.CallFailure.Protocol.class)
                .hasMessageContaining("no positive expires_in");
        assertThat(store.load()).isEmpty();
        provider.deviceExpiresInSeconds = 2;
        provider.deviceIntervalSeconds = 1;
        Session onDevice = client.loginOnDevice(authorization -> {});
        assertThat(store.load()).contains(onDevice);
    }

    @Test
    @DisplayName("P9: a UserInfo call that succeeds announces the signed-in session again, so a countdown or retry"
            + " button of an earlier failure gives way")
    void userInfoAnnouncesTheSession() {
        OAuthClient client = client();
        Session session = client.login();
        states.clear();

        client.userInfo();

        assertThat(states).containsExactly(new SessionState.SignedIn(session));
    }

    private static MockResponse brokenTokenAnswer() {
        return new MockResponse().setHeader("Content-Type", "application/json").setBody("{\"token_type\":\"Bearer\"}");
    }

    private static MockResponse machineToken(long expiresIn) {
        return new MockResponse()
                .setHeader("Content-Type", "application/json")
                .setBody("{\"access_token\":\"machine\",\"token_type\":\"Bearer\",\"expires_in\":" + expiresIn + "}");
    }
}
