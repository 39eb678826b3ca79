package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.SignInPageBrowser;
import dev.stormwatch.app.common.ManualTicker;
import dev.stormwatch.app.session.SessionViewModel.Phase;
import dev.stormwatch.app.session.SessionViewModel.Tone;
import dev.stormwatch.oauth.OAuthClient;
import dev.stormwatch.provider.RunningDemoProvider;
import dev.stormwatch.retry.OriginPauses;
import dev.stormwatch.server.Fault;
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.HeldSleeper;
import java.time.Duration;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The two live countdowns of the session area, on the view model without a window: the pause of an
 * origin (P1, P2, P9) and the in-budget wait before a retry (RA3). The client runs against the real demo provider;
 * its clock, its sleeps and the window's ticker are the test's, so nothing here waits for real time to pass.
 */
class SessionPauseAndWaitTest {

    @RegisterExtension
    static final RunningDemoProvider DEMO = new RunningDemoProvider();

    private final ExecutorService background = Executors.newSingleThreadExecutor();
    // Stands in for the FX thread: every property is written and read on it, as in the app.
    private final UiThread ui = new UiThread();
    private final FakeClock clock = new FakeClock(Instant.now().truncatedTo(ChronoUnit.SECONDS));
    private final ManualTicker ticker = new ManualTicker();
    private final HeldSleeper sleeper = new HeldSleeper(clock);
    private final AtomicInteger browserOpened = new AtomicInteger();
    private SessionViewModel model;
    private OriginPauses pauses;

    @BeforeEach
    void build() {
        pauses = new OriginPauses(clock);
        SignInPageBrowser signInPage = new SignInPageBrowser();
        SettingsViewModel settings = new SettingsViewModel();
        settings.issuerProperty().set(DEMO.provider().issuer().toString());
        model = new SessionViewModel(
                settings,
                config -> OAuthClient.builder(config)
                        .clock(clock)
                        .pauses(pauses)
                        .browser(url -> {
                            browserOpened.incrementAndGet();
                            return signInPage.open(url);
                        })
                        .sleeper(sleeper)
                        .build(),
                background,
                ui,
                clock,
                ticker,
                event -> {});
        assertThat(ui.onUi(model::applySettings)).isTrue();
    }

    @AfterEach
    void stop() {
        sleeper.release();
        background.shutdownNow();
        ui.shutdownNow();
    }

    // P1, P9, RA4: the countdown starts at the 429 itself, not at the next click, and the actions to the origin
    // wait for it; Sign out stays possible (P8).
    @Test
    void countdownStartsAtThe429ThatPausesTheOrigin() {
        signIn();
        DEMO.provider().faults().inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(60)), 1);

        ui.onUi(model::refresh);
        ui.await(() -> !model.busyProperty().get());

        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.PAUSED);
        assertThat(ui.onUi(() -> model.countdown().runningProperty().get())).isTrue();
        assertThat(ui.onUi(() -> model.countdown().secondsLeftProperty().get())).isEqualTo(60);
        assertThat(ui.onUi(() -> model.canAct().get())).isFalse();
        assertThat(ui.onUi(() -> model.canSignOut().get())).isTrue();
        assertThat(ui.onUi(() -> model.retryOfferedProperty().get())).isFalse();
        assertThat(ui.onUi(() -> model.pauseReasonProperty().get())).contains("429", "(P1)");
        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .doesNotContain("Try again in")
                .matches(
                        "http://127\\.0\\.0\\.1:\\d+ answered 429 after 1 attempt in 0 s\\. Retry comes back when the pause"
                                + " ends\\.");
        assertThat(ui.onUi(() -> model.toneProperty().get())).isEqualTo(Tone.WARNING);
    }

    @Test
    @DisplayName("P2, P8: while the pause counts down, a refresh or a UserInfo read starts no call and sends nothing;"
            + " Sign out still signs out here, and says the revocation was not sent to the paused origin")
    void duringAPauseOnlySignOutIsSent() {
        signIn();
        DEMO.provider().faults().inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(60)), 1);
        ui.onUi(model::refresh);
        ui.await(() -> !model.busyProperty().get());
        long tokenRequests = DEMO.provider().requestsReceived("POST", "/token");
        long userInfoReads = DEMO.provider().requestsReceived("GET", "/userinfo");
        long revocations = DEMO.provider().requestsReceived("POST", "/revoke");

        ui.onUi(() -> {
            model.refresh();
            model.loadUserInfo();
        });

        assertThat(ui.onUi(() -> model.busyProperty().get())).isFalse();
        assertThat(DEMO.provider().requestsReceived("POST", "/token")).isEqualTo(tokenRequests);
        assertThat(DEMO.provider().requestsReceived("GET", "/userinfo")).isEqualTo(userInfoReads);
        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.PAUSED);

        ui.onUi(model::signOut);
        ui.await(() -> !model.busyProperty().get() && model.phaseProperty().get() == Phase.SIGNED_OUT);

        assertThat(DEMO.provider().requestsReceived("POST", "/revoke")).isEqualTo(revocations);
        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .startsWith("Signed out locally. The token was NOT revoked: ")
                .contains("paused");
        assertThat(ui.onUi(() -> model.tokens())).isEmpty();
    }

    // P9: one millisecond before the end the pause still holds; at the end the state and the actions come back
    // by themselves, and the held-back Retry is offered.
    @Test
    void pauseClearsByItselfWhenItEnds() {
        signIn();
        DEMO.provider().faults().inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(60)), 1);
        ui.onUi(model::refresh);
        ui.await(() -> !model.busyProperty().get());

        clock.advance(Duration.ofSeconds(30));
        ui.onUi(ticker::tick);
        assertThat(ui.onUi(() -> model.countdown().secondsLeftProperty().get())).isEqualTo(30);

        clock.advance(Duration.ofMillis(29_999));
        ui.onUi(ticker::tick);
        assertThat(ui.onUi(() -> model.countdown().secondsLeftProperty().get())).isEqualTo(1);
        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.PAUSED);

        clock.advance(Duration.ofMillis(1));
        ui.onUi(ticker::tick);

        assertThat(ui.onUi(() -> model.countdown().runningProperty().get())).isFalse();
        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.SIGNED_IN);
        assertThat(ui.onUi(() -> model.phaseTextProperty().get())).isEqualTo("Signed in");
        assertThat(ui.onUi(() -> model.canAct().get())).isTrue();
        assertThat(ui.onUi(() -> model.retryOfferedProperty().get())).isTrue();
        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .matches("The pause ended: http://127\\.0\\.0\\.1:\\d+ accepts requests again\\. Retry runs the refresh"
                        + " again\\.");
        assertThat(ui.onUi(() -> model.retryHintProperty().get()))
                .isEqualTo("Runs the call again with a fresh budget (B1).");
        assertThat(ui.onUi(() -> model.toneProperty().get())).isEqualTo(Tone.INFO);
        assertThat(ui.onUi(() -> model.pauseReasonProperty().get())).isEmpty();
    }

    // RA3: a Retry-After that fits the budget is waited out where the person can see it, with its own countdown.
    @Test
    void inBudgetWaitShowsItsCountdownUntilTheRetry() {
        signIn();
        DEMO.provider().faults().inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(5)), 1);
        sleeper.hold();

        ui.onUi(model::refresh);
        ui.await(() -> !model.waitTextProperty().get().isEmpty());

        assertThat(ui.onUi(() -> model.waitTextProperty().get()))
                .matches(
                        "The provider asked to wait 5 s \\(RA3\\); retrying at \\d\\d:\\d\\d:\\d\\d \\(in [56] s\\)\\.");
        clock.advance(Duration.ofSeconds(3));
        ui.onUi(ticker::tick);
        assertThat(ui.onUi(() -> model.waitTextProperty().get())).matches(".*\\(in [23] s\\)\\.");
        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.REFRESHING);

        sleeper.release();
        ui.await(() -> !model.busyProperty().get());

        assertThat(ui.onUi(() -> model.waitTextProperty().get())).isEmpty();
        assertThat(ui.onUi(() -> model.waitCountdown().runningProperty().get())).isFalse();
        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.SIGNED_IN);
        assertThat(ui.onUi(() -> model.messageProperty().get())).isEqualTo("Tokens refreshed.");
    }

    // RH13: a pace that fits the budget is waited out with the same countdown, saying what holds the request.
    @Test
    void pacedRefreshShowsItsCountdownUntilItIsSent() {
        signIn();
        pauses.pace(
                dev.stormwatch.retry.Origin.of(DEMO.provider().issuer()),
                clock.instant().plusSeconds(5));
        sleeper.hold();

        ui.onUi(model::refresh);
        ui.await(() -> !model.waitTextProperty().get().isEmpty());

        assertThat(ui.onUi(() -> model.waitTextProperty().get()))
                .matches("Nothing is left of the provider's quota"
                        + " until its reset; waiting 5(\\.\\d)? s \\(pace of the origin \\(RH13\\)\\); sending at"
                        + " \\d\\d:\\d\\d:\\d\\d \\(in [56] s\\)\\.");

        sleeper.release();
        ui.await(() -> !model.busyProperty().get());

        assertThat(ui.onUi(() -> model.waitTextProperty().get())).isEmpty();
        assertThat(ui.onUi(() -> model.messageProperty().get())).isEqualTo("Tokens refreshed.");
    }

    // P3: the 429 hits the code exchange, which is sent once; the pause that follows has no session to keep.
    @Test
    void signInThatMeetsA429SaysThereIsNoSessionToKeep() {
        DEMO.provider().faults().inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(5)), 1);

        ui.onUi(model::signIn);
        ui.await(() -> !model.busyProperty().get());

        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.PAUSED);
        assertThat(ui.onUi(() -> model.phaseDetailProperty().get()))
                .contains("Sign in when the pause ends")
                .doesNotContain("session is kept");
        assertThat(ui.onUi(() -> model.canSignIn().get())).isFalse();

        clock.advance(Duration.ofSeconds(5));
        ui.onUi(ticker::tick);

        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.SIGNED_OUT);
        assertThat(ui.onUi(() -> model.canSignIn().get())).isTrue();
        // Sign in is its own retry: no second button for it.
        assertThat(ui.onUi(() -> model.retryOfferedProperty().get())).isFalse();
        assertThat(ui.onUi(() -> model.messageProperty().get())).endsWith("Sign in when you are ready.");
    }

    // C2: sign-in never starts with older applied settings while the field on screen is refused.
    @Test
    void signInIsRefusedWhileAFieldIsRefused() {
        ui.onUi(() -> model.settings().issuerProperty().set("not a url"));

        assertThat(ui.onUi(() -> model.canSignIn().get())).isFalse();
        ui.onUi(model::signIn);

        assertThat(ui.onUi(() -> model.busyProperty().get())).isFalse();
        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.SIGNED_OUT);
        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .isEqualTo("Sign-in not started: this field is refused: Issuer. The reason is under each.");
        assertThat(browserOpened).hasValue(0);
    }

    // Settings edited but not applied are applied by Sign in itself: what is on screen is what signs in.
    @Test
    void signInUsesTheSettingsOnScreen() {
        ui.onUi(() -> model.settings().totalBudgetMsProperty().set("7000"));

        signIn();

        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.SIGNED_IN);
        assertThat(ui.onUi(() -> model.messageProperty().get())).doesNotContain("Signed in");
    }

    // F1, F3: a refresh that may have been processed says so, and what Retry will do, before Retry is pressed.
    @Test
    void refreshThatMayHaveBeenProcessedSaysWhatRetryWillDo() {
        signIn();
        DEMO.provider().faults().inject("/token", new Fault.ProcessThenReset(), 1);

        ui.onUi(model::refresh);
        ui.await(() -> !model.busyProperty().get());

        assertThat(ui.onUi(() -> model.retryOfferedProperty().get())).isTrue();
        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .contains("may have been processed", "(F1)", "invalid_grant", "sign in again")
                .doesNotContain("Check the network")
                .matches("[A-Z][^:]+: the refresh may have been processed, so the client did not send it again.*");
        assertThat(ui.onUi(() -> model.toneProperty().get())).isEqualTo(Tone.WARNING);
        assertThat(ui.onUi(() -> model.retryHintProperty().get())).contains("same refresh token", "(F3)");

        // F3: the provider had processed it and rotated the token; Retry's resend is refused, and says what to do.
        ui.onUi(model::retry);
        ui.await(() -> !model.busyProperty().get());

        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .contains("invalid_grant")
                .endsWith(" Sign in again.");
        assertThat(ui.onUi(() -> model.toneProperty().get())).isEqualTo(Tone.WARNING);
        assertThat(ui.onUi(() -> model.retryOfferedProperty().get())).isFalse();
        assertThat(ui.onUi(() -> model.retryHintProperty().get()))
                .as("the old Retry's hint is gone")
                .isEmpty();
    }

    @Test
    @DisplayName("F3, UI29: a refresh the provider refuses with invalid_grant ends the session: the window clears it,"
            + " says to sign in again as a warning, and offers sign-in rather than Retry")
    void aRefusedRefreshEndsTheSessionShown() {
        signIn();
        DEMO.provider().faults().inject("/token", new Fault.ProcessThenReset(), 1);
        ui.onUi(model::refresh);
        ui.await(() -> !model.busyProperty().get());
        // The lost refresh was processed: the old refresh token is spent, the access token still serves.
        ui.onUi(model::loadUserInfo);
        ui.await(() -> !model.busyProperty().get());
        assertThat(ui.onUi(() -> model.toneProperty().get())).isEqualTo(Tone.SUCCESS);

        ui.onUi(model::refresh);
        ui.await(() -> !model.busyProperty().get());

        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .contains("invalid_grant")
                .endsWith(" Sign in again.");
        assertThat(ui.onUi(() -> model.toneProperty().get())).isEqualTo(Tone.WARNING);
        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.FAILED);
        assertThat(ui.onUi(() -> model.phaseDetailProperty().get())).isEqualTo("The last call failed.");
        assertThat(ui.onUi(() -> model.tokens())).isEmpty();
        assertThat(ui.onUi(() -> model.signedInProperty().get())).isFalse();
        assertThat(ui.onUi(() -> model.canSignIn().get())).isTrue();
        assertThat(ui.onUi(() -> model.retryOfferedProperty().get())).isFalse();
    }

    @Test
    @DisplayName("P2, P9: a call refused by a pause that another client of the origin started sends nothing; the"
            + " window says so, counts the pause down and offers no Retry, as the action comes back by itself when the"
            + " pause ends")
    void aCallRefusedByAPauseSaysNothingWasSent() {
        signIn();
        long reads = DEMO.provider().requestsReceived("GET", "/userinfo");
        pauses.start(
                dev.stormwatch.retry.Origin.of(DEMO.provider().issuer()),
                429,
                clock.instant().plusSeconds(30));

        ui.onUi(model::loadUserInfo);
        ui.await(() ->
                !model.busyProperty().get() && !model.messageProperty().get().isEmpty());

        assertThat(DEMO.provider().requestsReceived("GET", "/userinfo")).isEqualTo(reads);
        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .matches("Nothing was sent: http://127\\.0\\.0\\.1:\\d+ is paused\\. The action comes back by itself"
                        + " when the pause ends\\.");
        assertThat(ui.onUi(() -> model.toneProperty().get())).isEqualTo(Tone.WARNING);
        assertThat(ui.onUi(() -> model.phaseProperty().get())).isEqualTo(Phase.PAUSED);
        assertThat(ui.onUi(() -> model.countdown().runningProperty().get())).isTrue();
        assertThat(ui.onUi(() -> model.retryOfferedProperty().get())).isFalse();

        clock.advance(Duration.ofSeconds(30));
        ui.onUi(ticker::tick);

        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .matches("The pause ended: http://127\\.0\\.0\\.1:\\d+ accepts requests again\\.");
        assertThat(ui.onUi(() -> model.toneProperty().get())).isEqualTo(Tone.INFO);
        assertThat(ui.onUi(() -> model.canAct().get())).isTrue();
    }

    @Test
    @DisplayName("F1: a refresh answered 502 is not sent again, since a gateway may send 502 after the provider"
            + " processed it; the window says so and what Retry will do")
    void aRefreshAnswered502SaysItMayHaveBeenProcessed() {
        signIn();
        DEMO.provider().faults().inject("/token", new Fault.ServerError(502), 1);

        ui.onUi(model::refresh);
        ui.await(() -> !model.busyProperty().get());

        assertThat(ui.onUi(() -> model.messageProperty().get()))
                .startsWith("The provider answered 502, which a gateway may send after the provider processed the"
                        + " request: the refresh may have been processed, so the client did not send it again (F1).");
        assertThat(ui.onUi(() -> model.toneProperty().get())).isEqualTo(Tone.WARNING);
        assertThat(ui.onUi(() -> model.retryHintProperty().get())).contains("same refresh token", "(F3)");
    }

    // A Retry of a call made with the old settings does not survive "Settings applied".
    @Test
    void staleRetryDoesNotSurviveSettingsApplied() {
        ui.onUi(() -> model.settings().issuerProperty().set("http://127.0.0.1:9"));
        ui.onUi(model::signIn);
        ui.await(() ->
                !model.busyProperty().get() && model.retryOfferedProperty().get());

        ui.onUi(() ->
                model.settings().issuerProperty().set(DEMO.provider().issuer().toString()));
        assertThat(ui.onUi(model::applySettings)).isTrue();

        assertThat(ui.onUi(() -> model.retryOfferedProperty().get())).isFalse();
        assertThat(ui.onUi(() -> model.messageProperty().get())).startsWith("Settings applied");
    }

    private void signIn() {
        ui.onUi(model::signIn);
        ui.await(() -> model.phaseProperty().get() == Phase.SIGNED_IN
                && !model.busyProperty().get());
    }
}
