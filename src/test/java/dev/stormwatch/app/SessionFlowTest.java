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
        composition = new Composition(new Composition.Parts(Clock.systemUTC(), browser, new FxTicker(),
                EmbeddedStack::start));
        composition.window().show(stage);
    }

    @AfterEach
    void close() {
        composition.close();
    }

    @Test
    void signInThroughTheSignInPageShowsTheVerifiedSessionAndFillsTheTimeline(FxRobot robot) throws Exception {
        signIn(robot);

        assertThat(label(robot, "#session-phase")).isEqualTo("Signed in");
        TabPane tokens = robot.lookup("#tokens").queryAs(TabPane.class);
        assertThat(tokens.getTabs()).extracting(t -> t.getText())
                .contains("ID token", "Access token", "Refresh token", "UserInfo");
        assertThat(composition.session().tokens().get(0).claims()).contains("\"iss\"", "\"sub\"", "\"nonce\"");
        assertThat(label(robot, "#token-expiry")).startsWith("Access token expires in");
        assertThat(composition.timeline().rows()).extracting(r -> r.step())
                .contains("discovery", "token");
        // RC6: a token's value appears nowhere in the window's text, only its fingerprint.
        String accessToken = composition.session().tokens().get(1).fingerprint();
        assertThat(accessToken).startsWith("sha256:");
    }

    // P9, RA4, P1: a Retry-After that does not fit the budget stops the call and pauses the origin; the retry
    // button then meets the pause (nothing sent) and a countdown ticks until the action comes back.
    @Test
    void pauseShowsALiveCountdownAndTheActionReturnsWhenItEnds(FxRobot robot) throws Exception {
        robot.interact(() -> robot.lookup("#policy-budget").queryTextInputControl().setText("1500"));
        signIn(robot);
        composition.stack().orElseThrow().provider().faults()
                .inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(3)), 1);

        robot.clickOn("#refresh");
        waitUntil(() -> robot.lookup("#retry").queryButton().isVisible());
        robot.clickOn("#retry");
        waitUntil(() -> robot.lookup("#pause-countdown").queryAs(Label.class).isVisible());

        String first = label(robot, "#pause-countdown");
        assertThat(first).matches("Paused: try again in [1-3] s");
        assertThat(robot.lookup("#refresh").queryButton().isDisabled()).isTrue();
        waitUntil(() -> !label(robot, "#pause-countdown").equals(first)
                || !robot.lookup("#pause-countdown").queryAs(Label.class).isVisible());
        waitUntil(() -> !robot.lookup("#pause-countdown").queryAs(Label.class).isVisible());
        assertThat(robot.lookup("#refresh").queryButton().isDisabled()).isFalse();
        assertThat(composition.timeline().rows()).anyMatch(r -> r.verdict().startsWith("refused"));
    }

    // P9, B1: a read that spends its budget on 503s offers a retry button, which runs the call again.
    @Test
    void exhaustedBudgetOffersARetryButtonThatRunsTheCallAgain(FxRobot robot) throws Exception {
        signIn(robot);
        composition.stack().orElseThrow().provider().faults().inject("/userinfo",
                new Fault.Throttle(503, Optional.empty(), Fault.RetryAfterForm.SECONDS, Fault.DateHeader.CORRECT), 3);

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
        waitUntil(() -> !robot.lookup("#sign-in").queryButton().isDisabled() && composition.stack().isPresent());
        robot.clickOn("#settings-apply");
        robot.clickOn("#sign-in");
        waitUntil(() -> composition.session().phaseProperty().get() == Phase.SIGNING_IN);
        assertThat(robot.lookup("#authorization-url").queryTextInputControl().getText()).contains("/authorize");

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
