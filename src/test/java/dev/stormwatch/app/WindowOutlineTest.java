package dev.stormwatch.app;

import dev.stormwatch.app.common.FxTicker;
import dev.stormwatch.app.session.SessionViewModel;
import dev.stormwatch.embedded.EmbeddedStack;
import java.time.Clock;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javafx.stage.Stage;
import org.approvaltests.Approvals;
import org.approvaltests.approvers.FileApprover;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * The window's scene graph as approved text ({@link SceneOutline}): every area's controls, words, tooltips and the
 * layout their code asked for, in one reviewed file per state. A change to a view shows in the approved file's diff,
 * to be read beside the screenshot it changes (docs/decisions/0012-approved-window-outlines.md).
 */
@ExtendWith(ApplicationExtension.class)
class WindowOutlineTest {

    private static final Pattern LOOPBACK_PORT = Pattern.compile("(127\\.0\\.0\\.1|localhost|\\[::1]):\\d+");
    private static final Pattern CLOCK_TIME = Pattern.compile("\\b\\d\\d:\\d\\d:\\d\\d\\b");
    // The limiter's own words name the redis-server the machine has: its version and where it lies.
    private static final Pattern REDIS_VERSION = Pattern.compile("redis-server \\d+(\\.\\d+)+");
    private static final Pattern REDIS_PATH = Pattern.compile("\\(/[^)]*redis-server\\)");
    // A signed-in session's values: what the provider made up for this sign-in, and when.
    private static final Pattern FINGERPRINT = Pattern.compile("sha256:[0-9a-f]+ · \\d+ characters");
    // In the outline a text's quotes are escaped: \"nonce\" : \"...\".
    private static final Pattern RANDOM_CLAIM =
            Pattern.compile("\\\\\"(at_hash|nonce|sid|jti)\\\\\" : \\\\\"[^\\\\]*\\\\\"");
    private static final Pattern EPOCH_SECONDS = Pattern.compile("\\b1\\d{9}\\b");
    private static final Pattern DAY = Pattern.compile("\\b\\d{1,2} [A-Z][a-z]{2} \\d{4}\\b");
    // A real-time load run's figures differ from run to run; its words and layout do not.
    private static final Pattern NUMBER = Pattern.compile("\\d+([.,]\\d+)*");
    private static final Pattern QUOTED = Pattern.compile("\"[^\"\\\\]*+(?:\\\\.[^\"\\\\]*+)*+\"");
    private static final Pattern SPACES = Pattern.compile(" {2,}");
    private static final Pattern SECONDS_LEFT = Pattern.compile("expires in \\d+ s");

    private Stage stage;
    private Composition composition;

    /**
     * ApprovalTests refuses a second verify of one approved file in one JVM, taking it for a test that verifies twice.
     * Here it is the same test run again: PIT runs each test once per mutant in one JVM, and a refusal would count
     * every mutant after the first as killed.
     */
    @BeforeAll
    static void letATestRunAgainInThisJvm() {
        FileApprover.tracker.addAllowedDuplicates(approved -> approved.contains("WindowOutlineTest."));
    }

    @Start
    void start(Stage stage) {
        this.stage = stage;
        composition = new Composition(new Composition.Parts(
                Clock.systemUTC(), new SignInPageBrowser(), new FxTicker(), EmbeddedStack::start));
        TestWindows.show(composition, stage);
    }

    @AfterEach
    void close() {
        TestWindows.close(composition);
    }

    @Test
    @DisplayName("UI29, UI21: signed in, the Session area shows the session's state, tokens, claims and expiry, laid"
            + " out as approved")
    void theSessionAreaSignedInIsLaidOutAsApproved(FxRobot robot) throws Exception {
        TestWindows.awaitServers(composition);
        robot.clickOn("#sign-in");
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> composition.session().phaseProperty().get() == SessionViewModel.Phase.SIGNED_IN
                        && !composition.session().busyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        Approvals.verify(outline(robot.lookup("#session").query()));
    }

    @Test
    @DisplayName("DG12, DG23, DG24, UI19: after a diagnosis of the HAR a real Chromium recorded, the Diagnose area's"
            + " verdict, figures, tables and charts are laid out as approved")
    void theDiagnoseAreaAfterADiagnosisIsLaidOutAsApproved(FxRobot robot) throws Exception {
        java.nio.file.Path har = java.nio.file.Path.of(
                getClass().getResource("/diagnose/har/chromium-storm.har").toURI());
        robot.interact(() -> {
            composition.window().select("diagnose");
            composition.diagnose().addFiles(java.util.List.of(har));
        });
        WaitForAsyncUtils.waitFor(
                20,
                TimeUnit.SECONDS,
                () -> !robot.lookup("#diagnose-run").queryButton().isDisabled()
                        && !composition.diagnose().previewTitleProperty().get().isEmpty());
        robot.clickOn("#diagnose-run");
        WaitForAsyncUtils.waitFor(
                30,
                TimeUnit.SECONDS,
                () -> composition.diagnose().readyProperty().get()
                        && !composition.diagnose().runningProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        Approvals.verify(outline(robot.lookup("#diagnose").query()));
    }

    @Test
    @DisplayName("LB4, LB5, LB11: after a short run on the embedded relay, the Load lab's charts, verdict and summary"
            + " are laid out as approved; a real-time run's own numbers are left out")
    void theLoadLabAfterARunIsLaidOutAsApproved(FxRobot robot) throws Exception {
        TestWindows.awaitServers(composition);
        robot.interact(() -> {
            composition.window().select("load-lab");
            composition.loadLab().scenarioProperty().set(dev.stormwatch.load.scenario.ScenarioPresets.STEADY);
            robot.lookup("#load-clients").queryTextInputControl().setText("10");
            robot.lookup("#load-rate").queryTextInputControl().setText("20");
            robot.lookup("#load-duration").queryTextInputControl().setText("2s");
        });
        robot.clickOn("#load-run");
        WaitForAsyncUtils.waitFor(
                40,
                TimeUnit.SECONDS,
                () -> composition.loadLab().reportReadyProperty().get());
        WaitForAsyncUtils.waitForFxEvents();

        Approvals.verify(withoutRunFigures(outline(robot.lookup("#load-lab").query())));
    }

    @Test
    @DisplayName("UI3, UI8, UI10, UI16: the window at start, on the embedded servers: its menus, its four areas and"
            + " every control, word and tooltip of each, laid out as approved")
    void theWindowAtStartIsLaidOutAsApproved() throws Exception {
        TestWindows.awaitServers(composition);

        Approvals.verify(outline(stage.getScene().getRoot()));
    }

    private static String outline(javafx.scene.Node root) throws Exception {
        return WaitForAsyncUtils.asyncFx(() -> SceneOutline.of(root, WindowOutlineTest::scrub))
                .get(10, TimeUnit.SECONDS);
    }

    /**
     * A real-time run's figures, in the words shown (quoted in the outline): each number is N, and the spaces that
     * line up a table of figures are one, since the figures' widths differ from run to run. The layout's own numbers
     * (spacing, padding, sizes) are outside the quotes and stay.
     */
    static String withoutRunFigures(String outline) {
        return QUOTED.matcher(outline)
                .replaceAll(text -> Matcher.quoteReplacement(
                        SPACES.matcher(NUMBER.matcher(text.group()).replaceAll("N"))
                                .replaceAll(" ")));
    }

    /**
     * What differs between runs and machines: loopback ports, the clock and the day, the home and temporary folders,
     * the machine's redis-server, and what a sign-in makes up (token fingerprints, nonces, ids, times).
     */
    static String scrub(String text) {
        String scrubbed =
                LOOPBACK_PORT.matcher(text).replaceAll(match -> Matcher.quoteReplacement(match.group(1)) + ":PORT");
        scrubbed = CLOCK_TIME.matcher(scrubbed).replaceAll("HH:MM:SS");
        scrubbed = REDIS_VERSION.matcher(scrubbed).replaceAll("redis-server VERSION");
        scrubbed = REDIS_PATH.matcher(scrubbed).replaceAll("(PATH)");
        scrubbed = FINGERPRINT.matcher(scrubbed).replaceAll("sha256:HASH · N characters");
        scrubbed = RANDOM_CLAIM
                .matcher(scrubbed)
                .replaceAll(claim -> Matcher.quoteReplacement("\\\"" + claim.group(1) + "\\\" : \\\"RANDOM\\\""));
        scrubbed = EPOCH_SECONDS.matcher(scrubbed).replaceAll("EPOCH");
        scrubbed = DAY.matcher(scrubbed).replaceAll("DAY");
        scrubbed = SECONDS_LEFT.matcher(scrubbed).replaceAll("expires in N s");
        scrubbed = scrubbed.replace(System.getProperty("user.dir"), ".");
        scrubbed = scrubbed.replace(System.getProperty("user.home"), "~");
        return scrubbed.replace(System.getProperty("java.io.tmpdir"), "TMP");
    }
}
