package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.ManualTicker;
import dev.stormwatch.app.session.SessionViewModel.Phase;
import dev.stormwatch.app.session.SessionViewModel.Tone;
import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.oauth.DeviceAuthorization;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.retry.OriginPauses;
import dev.stormwatch.testing.FakeClock;
import java.net.ServerSocket;
import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The session area's commands before and around a session, without a provider: refused settings, the first and the
 * next apply, a sign-in to an issuer that refuses connections (its backoffs counted down, its retry offered and run),
 * and the device sign-in's words. Every executor runs on the test's thread; the client's clock and sleeps are the
 * test's.
 */
class SessionViewModelEdgesTest {

    private static final Instant NOW = Instant.parse("2026-12-02T10:00:00Z");

    private final FakeClock clock = new FakeClock(NOW);
    private final ManualTicker ticker = new ManualTicker();
    private final List<AttemptEvent> attempts = new ArrayList<>();
    private final SettingsViewModel settings = new SettingsViewModel();
    private final List<OAuthClient> made = new ArrayList<>();
    private final SessionViewModel model = new SessionViewModel(
            settings,
            config -> {
                OAuthClient client = OAuthClient.builder(config)
                        .clock(clock)
                        .pauses(new OriginPauses(clock))
                        .sleeper(clock::advance)
                        .build();
                made.add(client);
                return client;
            },
            Runnable::run,
            Runnable::run,
            clock,
            ticker,
            attempts::add);

    private static int closedPort() throws Exception {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }

    @Test
    @DisplayName("C2: settings with a refused field are not applied, and the message names the field; the first apply"
            + " says nothing, the next names where the calls go")
    void applyingSettings() {
        settings.issuerProperty().set("https://login.example.com");
        settings.clientIdProperty().set(" ");

        assertThat(model.applySettings()).isFalse();
        assertThat(model.messageProperty().get())
                .isEqualTo("Settings not applied: this field is refused: Client id. The reason is under each.");
        assertThat(model.toneProperty().get()).isEqualTo(Tone.ERROR);

        settings.clientIdProperty().set("my-app");
        assertThat(model.applySettings()).isTrue();
        assertThat(model.messageProperty().get())
                .as("the first apply makes the client the window starts with")
                .startsWith("Settings not applied");
        assertThat(model.phaseProperty().get()).isEqualTo(Phase.SIGNED_OUT);
        assertThat(model.phaseTextProperty().get()).isEqualTo("Signed out");

        settings.issuerProperty().set("https://other.example.com");
        assertThat(model.applySettings()).isTrue();
        assertThat(model.messageProperty().get())
                .isEqualTo("Settings applied: the next call goes to https://other.example.com.");
        assertThat(model.toneProperty().get()).isEqualTo(Tone.INFO);
    }

    @Test
    @DisplayName("C2: a sign-in with a refused field starts nothing and names the field; without a client, Refresh,"
            + " UserInfo and Sign out do nothing")
    void nothingStartsWithRefusedSettingsOrWithoutAClient() {
        model.refresh();
        model.loadUserInfo();
        model.signOut();
        model.retry();
        model.cancelSignIn();
        assertThat(model.busyProperty().get()).isFalse();
        assertThat(model.messageProperty().get()).isEmpty();
        assertThat(attempts).isEmpty();

        settings.issuerProperty().set("");
        model.signIn();

        assertThat(model.messageProperty().get())
                .isEqualTo("Sign-in not started: this field is refused: Issuer. The reason is under each.");
        assertThat(model.toneProperty().get()).isEqualTo(Tone.ERROR);
        assertThat(model.busyProperty().get()).isFalse();
        assertThat(model.canSignIn().get()).isFalse();
        assertThat(attempts).isEmpty();
    }

    @Test
    @DisplayName("SX9: Sign out at provider with a refused End-session method starts nothing and names the field")
    void signOutAtProviderWithARefusedMethod() {
        settings.issuerProperty().set("https://login.example.com");
        assertThat(model.applySettings()).isTrue();
        settings.endSessionMethodProperty().set("put");

        model.signOutAtProvider();

        assertThat(model.messageProperty().get())
                .isEqualTo("Not signed out at the provider: this field is refused: End-session method. The reason is"
                        + " under each.");
        assertThat(model.toneProperty().get()).isEqualTo(Tone.ERROR);
        assertThat(model.busyProperty().get()).isFalse();
        assertThat(settings.endSessionMethodErrorProperty().get()).isNotEmpty();
    }

    @Test
    @DisplayName("B3, P9, B1: a sign-in to an issuer that refuses connections counts each backoff down, then offers a"
            + " retry that says what it does; the retry runs the sign-in again with a fresh budget")
    void aRefusedSignInCountsItsBackoffsAndOffersARetry() throws Exception {
        String issuer = "http://127.0.0.1:" + closedPort();
        settings.issuerProperty().set(issuer);
        List<String> waits = new ArrayList<>();
        model.waitTextProperty().addListener((obs, was, now) -> waits.add(now));

        model.signIn();

        assertThat(model.busyProperty().get()).isFalse();
        assertThat(model.toneProperty().get()).isEqualTo(Tone.ERROR);
        assertThat(model.retryOfferedProperty().get()).isTrue();
        assertThat(model.retryHintProperty().get()).isEqualTo("Runs the call again with a fresh budget (B1).");
        assertThat(waits)
                .filteredOn(w -> !w.isEmpty())
                .isNotEmpty()
                .allMatch(w -> w.matches("Backing off .+ with full jitter \\(B3\\); retrying at \\d\\d:\\d\\d:\\d\\d"
                        + " \\(in \\d+ s\\)\\."));
        assertThat(model.waitTextProperty().get())
                .as("the wait ends with the call")
                .isEmpty();
        assertThat(model.waitCountdown().runningProperty().get()).isFalse();
        String failed = "No answer from " + issuer + ": the connection was refused after 3 attempts in ";
        assertThat(model.messageProperty().get()).startsWith(failed);
        int sent = attempts.size();
        assertThat(sent).isGreaterThan(1);

        model.retry();

        assertThat(attempts.size()).isEqualTo(2 * sent);
        assertThat(model.messageProperty().get()).startsWith(failed);
        assertThat(model.retryOfferedProperty().get()).isTrue();
        assertThat(model.phaseProperty().get()).isNotEqualTo(Phase.SIGNED_IN);
        assertThat(model.canSignIn().get()).isTrue();
        assertThat(model.canAct().get()).isFalse();
        assertThat(model.canSignOut().get()).isFalse();
        assertThat(model.canReadUserInfo().get()).isFalse();
        assertThat(model.canEndSession().get()).isFalse();
    }

    @Test
    @DisplayName("C2: new settings forget the failed call: no retry is offered for the old settings")
    void newSettingsForgetTheFailedCall() throws Exception {
        settings.issuerProperty().set("http://127.0.0.1:" + closedPort());
        model.signIn();
        assertThat(model.retryOfferedProperty().get()).isTrue();
        int sent = attempts.size();

        settings.clientIdProperty().set("another-app");
        assertThat(model.applySettings()).isTrue();

        assertThat(model.retryOfferedProperty().get()).isFalse();
        assertThat(model.retryHintProperty().get()).isEmpty();
        model.retry();
        assertThat(attempts).hasSize(sent);
    }

    @Test
    @DisplayName("DV1, UI16: the device sign-in's words name the complete page when the provider gave one, else the"
            + " plain page, the code and when it expires")
    void theDeviceSignInsWords() {
        DeviceAuthorization plain = new DeviceAuthorization(
                "WDJB-MJHT",
                URI.create("https://login.example.com/device"),
                Optional.empty(),
                NOW.plusSeconds(600),
                Duration.ofSeconds(5));
        DeviceAuthorization complete = new DeviceAuthorization(
                "WDJB-MJHT",
                URI.create("https://login.example.com/device"),
                Optional.of(URI.create("https://login.example.com/device?user_code=WDJB-MJHT")),
                NOW.plusSeconds(600),
                Duration.ofSeconds(5));

        assertThat(SessionViewModel.devicePage(plain)).isEqualTo("https://login.example.com/device");
        assertThat(SessionViewModel.devicePage(complete))
                .isEqualTo("https://login.example.com/device?user_code=WDJB-MJHT");
        assertThat(SessionViewModel.deviceText(plain))
                .isEqualTo("On any device, open https://login.example.com/device and enter the code WDJB-MJHT. It"
                        + " expires at 2026-12-02T10:10:00Z.");
        assertThat(model.deviceCodeProperty().get()).isEmpty();
        assertThat(model.devicePageProperty().get()).isEmpty();
    }

    @Test
    @DisplayName("C2: once new settings are applied, the old client's attempts and waits no longer reach the window")
    void theOldClientIsLetGo() throws Exception {
        settings.issuerProperty().set("http://127.0.0.1:" + closedPort());
        assertThat(model.applySettings()).isTrue();
        settings.issuerProperty().set("http://127.0.0.1:" + closedPort());
        assertThat(model.applySettings()).isTrue();
        OAuthClient old = made.get(made.size() - 2);
        attempts.clear();
        List<String> waits = new ArrayList<>();
        model.waitTextProperty().addListener((obs, was, now) -> waits.add(now));

        org.assertj.core.api.Assertions.assertThatThrownBy(old::login)
                .isInstanceOf(dev.stormwatch.retry.CallFailure.class);

        assertThat(attempts).as("the old client's attempts").isEmpty();
        assertThat(waits).as("the old client's backoffs").isEmpty();
        assertThat(model.phaseProperty().get()).isEqualTo(Phase.SIGNED_OUT);
    }
}
