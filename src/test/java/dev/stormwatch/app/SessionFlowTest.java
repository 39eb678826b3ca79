package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.FxTicker;
import dev.stormwatch.app.session.SessionViewModel.Phase;
import dev.stormwatch.embedded.EmbeddedStack;
import dev.stormwatch.server.Fault;
import java.time.Clock;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The Session area wired to the real OAuth client and the embedded demo provider, driven through the window. */
@ExtendWith(ApplicationExtension.class)
class SessionFlowTest {

    private final SignInPageBrowser browser = new SignInPageBrowser();
    private Composition composition;

    @Start
    void start(Stage stage) {
        composition = new Composition(
                new Composition.Parts(Clock.systemUTC(), browser, new FxTicker(), EmbeddedStack::start));
        // Preferences in memory: a person's own file (window size, last tab) must not shape the test (UI1).
        TestWindows.show(composition, stage);
    }

    @AfterEach
    void close() {
        TestWindows.close(composition);
    }

    @Test
    void signInThroughTheSignInPageShowsTheVerifiedSessionAndFillsTheTimeline(FxRobot robot) throws Exception {
        signIn(robot);

        assertThat(label(robot, "#session-phase")).isEqualTo("Signed in");
        TabPane tokens = robot.lookup("#tokens").queryAs(TabPane.class);
        assertThat(tokens.getTabs())
                .extracting(t -> t.getText())
                .contains("ID token", "Access token", "Refresh token", "UserInfo");
        // Before sign-in the inspector was the only tab; signing in shows the session's ID token.
        assertThat(tokens.getSelectionModel().getSelectedItem().getText()).isEqualTo("ID token");
        assertThat(composition.session().tokens().get(0).claims()).contains("\"iss\"", "\"sub\"", "\"nonce\"");
        assertThat(label(robot, "#token-expiry")).startsWith("Access token expires in");
        assertThat(composition.timeline().rows()).extracting(r -> r.step()).contains("discovery", "token");
        // RC6: a token's value appears nowhere in the window's text, only its fingerprint.
        String accessToken = composition.session().tokens().get(1).fingerprint();
        assertThat(accessToken).startsWith("sha256:");
    }

    // P9, RA4, P1: a Retry-After that does not fit the budget stops the call and pauses the origin: the countdown
    // shows at once, the actions to the origin wait for it, and everything comes back by itself when it ends.
    @Test
    void pauseShowsALiveCountdownAtThe429AndClearsByItself(FxRobot robot) throws Exception {
        robot.interact(
                () -> robot.lookup("#policy-budget").queryTextInputControl().setText("1500"));
        signIn(robot);
        composition
                .stack()
                .orElseThrow()
                .provider()
                .faults()
                .inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(3)), 1);

        robot.clickOn("#refresh");
        waitUntil(() -> robot.lookup("#pause-countdown").queryAs(Label.class).isVisible());

        String first = label(robot, "#pause-countdown");
        assertThat(first).matches("Paused: try again in [1-3] s");
        assertThat(label(robot, "#session-phase")).isEqualTo("Paused");
        assertThat(robot.lookup("#refresh").queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#userinfo").queryButton().isDisabled()).isTrue();
        assertThat(robot.lookup("#retry").queryButton().isVisible()).isFalse();
        waitUntil(() -> !label(robot, "#pause-countdown").equals(first)
                || !robot.lookup("#pause-countdown").queryAs(Label.class).isVisible());
        waitUntil(() -> !robot.lookup("#pause-countdown").queryAs(Label.class).isVisible());
        assertThat(label(robot, "#session-phase")).isEqualTo("Signed in");
        assertThat(robot.lookup("#refresh").queryButton().isDisabled()).isFalse();
        assertThat(robot.lookup("#retry").queryButton().isVisible()).isTrue();
        assertThat(label(robot, "#session-message")).startsWith("The pause ended");
    }

    // RA3: a Retry-After that fits the budget is a visible wait with its own countdown, then the refresh succeeds.
    @Test
    void inBudgetWaitShowsItsCountdown(FxRobot robot) throws Exception {
        signIn(robot);
        composition
                .stack()
                .orElseThrow()
                .provider()
                .faults()
                .inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(2)), 1);

        robot.clickOn("#refresh");
        waitUntil(() -> robot.lookup("#wait-countdown").queryAs(Label.class).isVisible());

        assertThat(label(robot, "#wait-countdown")).startsWith("The provider asked to wait 2 s (RA3); retrying at ");
        waitUntil(() -> !robot.lookup("#wait-countdown").queryAs(Label.class).isVisible()
                && !composition.session().busyProperty().get());
        assertThat(label(robot, "#session-message")).isEqualTo("Tokens refreshed.");
    }

    // C2: with a refused field on screen, Sign in is disabled; it never signs in with older applied settings.
    @Test
    void signInIsDisabledWhileAFieldIsRefused(FxRobot robot) throws Exception {
        waitUntil(() -> !robot.lookup("#sign-in").queryButton().isDisabled()
                && composition.stack().isPresent());

        robot.interact(
                () -> robot.lookup("#settings-issuer").queryTextInputControl().setText("not a url"));

        assertThat(robot.lookup("#sign-in").queryButton().isDisabled()).isTrue();
        assertThat(label(robot, "#settings-issuer-error")).startsWith("Issuer 'not a url' is not a URL");
        robot.interact(() -> robot.lookup("#settings-issuer")
                .queryTextInputControl()
                .setText(composition.stack().orElseThrow().provider().issuer().toString()));
        assertThat(robot.lookup("#sign-in").queryButton().isDisabled()).isFalse();
        assertThat(robot.lookup("#settings-issuer-error").queryAs(Label.class).isVisible())
                .isFalse();
    }

    // P9, B1: a read that spends its budget on 503s offers a retry button, which runs the call again.
    @Test
    void exhaustedBudgetOffersARetryButtonThatRunsTheCallAgain(FxRobot robot) throws Exception {
        signIn(robot);
        composition
                .stack()
                .orElseThrow()
                .provider()
                .faults()
                .inject(
                        "/userinfo",
                        new Fault.Throttle(
                                503, Optional.empty(), Fault.RetryAfterForm.SECONDS, Fault.DateHeader.CORRECT),
                        3);

        robot.clickOn("#userinfo");
        waitUntil(() -> robot.lookup("#retry").queryButton().isVisible());
        assertThat(label(robot, "#session-message")).contains("503");

        robot.clickOn("#retry");
        waitUntil(() -> !composition.session().userInfoProperty().get().isEmpty());
        assertThat(composition.session().userInfoProperty().get()).contains("\"sub\"");
        assertThat(robot.lookup("#retry").queryButton().isVisible()).isFalse();
    }

    // Bad input: closing the window while the browser step waits ends the sign-in instead of leaving it hanging.
    @Test
    void closingTheWindowMidSignInEndsTheWait(FxRobot robot) throws Exception {
        browser.stall = true;
        waitUntil(() -> !robot.lookup("#sign-in").queryButton().isDisabled()
                && composition.stack().isPresent());
        robot.clickOn("#settings-apply");
        robot.clickOn("#sign-in");
        waitUntil(() -> composition.session().phaseProperty().get() == Phase.SIGNING_IN);
        assertThat(robot.lookup("#authorization-url").queryTextInputControl().getText())
                .contains("/authorize");

        robot.interact(composition::close);

        waitUntil(() -> composition.session().phaseProperty().get() != Phase.SIGNING_IN);
        assertThat(composition.session().busyProperty().get()).isFalse();
    }

    private void signIn(FxRobot robot) throws Exception {
        waitUntil(() -> !robot.lookup("#sign-in").queryButton().isDisabled()
                && composition.stack().isPresent());
        robot.clickOn("#settings-apply");
        robot.clickOn("#sign-in");
        waitUntil(() -> composition.session().phaseProperty().get() == Phase.SIGNED_IN);
    }

    private static String label(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    private static void waitUntil(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> {
            WaitForAsyncUtils.waitForFxEvents();
            return condition.call();
        });
        WaitForAsyncUtils.waitForFxEvents();
    }
}
