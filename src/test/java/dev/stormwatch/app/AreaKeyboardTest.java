package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.TabPane;
import javafx.scene.input.KeyCode;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/**
 * UI15: the Load lab, the Provider &amp; relay area and the Diagnose tab walked with the keyboard alone, on the real
 * window with its embedded servers: Tab reaches every control in reading order and comes back to the area
 * tabs, trapped nowhere.
 */
@ExtendWith(ApplicationExtension.class)
class AreaKeyboardTest {

    /** More presses than any area has controls: a walk that needs them all is trapped. */
    private static final int MAX_PRESSES = 120;

    private Stage stage;
    private Composition composition;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        // The embedded servers, so that the Provider & relay area shows its addresses, switches and faults.
        composition = TestWindows.withEmbeddedServers();
        TestWindows.show(composition, stage);
    }

    @AfterEach
    void close() {
        TestWindows.close(composition);
    }

    @Test
    @DisplayName(
            "UI15: Tab walks the Load lab in reading order, the form top to bottom, Run, Compare, then the results, and is trapped nowhere")
    void tabWalksTheLoadLab(FxRobot robot) {
        List<String> ids = walk(robot, 1, "load-lab");

        assertThat(ids)
                .containsSubsequence(
                        "load-scenario",
                        "load-target",
                        "load-api-key",
                        "load-session-token",
                        "load-insecure-credentials",
                        "load-clients",
                        "load-rate",
                        "load-duration",
                        "load-jitter",
                        "load-limiter",
                        "load-limit",
                        "load-run",
                        "load-comparison",
                        "load-compare-run",
                        "load-views");
    }

    @Test
    @DisplayName("UI15: Tab walks the Provider & relay area in reading order and is trapped nowhere")
    void tabWalksTheProviderAndRelayArea(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(
                30,
                java.util.concurrent.TimeUnit.SECONDS,
                () -> composition.stack().isPresent());
        WaitForAsyncUtils.waitForFxEvents();
        List<String> ids = walk(robot, 2, "servers");

        // The servers' settings, then each fault top to bottom and Clear, then the log below them.
        assertThat(ids)
                .containsSubsequence(
                        "relay-dialect",
                        "serve-metrics",
                        "fault-token-429-short",
                        "fault-token-429-long",
                        "fault-token-503",
                        "fault-provider-outage",
                        "fault-refresh-process-then-fail",
                        "fault-relay-hiccup",
                        "fault-clear");
    }

    @Test
    @DisplayName(
            "UI15: Tab walks the Diagnose tab in reading order, files, format and its options, then the results, and is trapped nowhere")
    void tabWalksTheDiagnoseTab(FxRobot robot) {
        List<String> ids = walk(robot, 3, "diagnose");

        // Diagnose and the results wait for a file: a disabled control is rightly skipped.
        assertThat(ids)
                .containsSubsequence(
                        "diagnose-files",
                        "diagnose-add",
                        "diagnose-format",
                        "diagnose-log-format",
                        "diagnose-fields",
                        "diagnose-client-key",
                        "diagnose-tolerance",
                        "diagnose-throttle",
                        "diagnose-clients",
                        "diagnose-findings");
    }

    /**
     * Selects area {@code index}, puts the focus on the area tabs and presses Tab until the focus comes back to them;
     * fails when it never does (trapped) or when a control of the area was never reached. Then Shift+Tab from the
     * fourth stop walks back through the third, second and first.
     */
    private List<String> walk(FxRobot robot, int index, String areaId) {
        TabPane areas = robot.lookup("#areas").queryAs(TabPane.class);
        robot.interact(() -> {
            areas.getSelectionModel().select(index);
            areas.requestFocus();
        });
        WaitForAsyncUtils.waitForFxEvents();

        List<Node> visited = new ArrayList<>();
        boolean round = false;
        for (int i = 0; i < MAX_PRESSES && !round; i++) {
            robot.push(KeyCode.TAB);
            WaitForAsyncUtils.waitForFxEvents();
            Node owner = stage.getScene().getFocusOwner();
            if (owner == areas || (!visited.isEmpty() && owner == visited.get(0))) {
                round = true; // round the window and back to where the walk began
            } else {
                assertThat(visited)
                        .as("Tab came back to " + describe(owner) + " before the round ended: trapped; walked "
                                + ids(visited))
                        .doesNotContain(owner);
                visited.add(owner);
            }
        }
        List<String> ids = ids(visited);
        assertThat(round)
                .as("Tab never came back to the area tabs: trapped; walked " + ids)
                .isTrue();

        List<String> unreached = new ArrayList<>();
        collectFocusable(robot.lookup("#" + areaId).query(), visited, unreached);
        assertThat(unreached).as("controls Tab never reaches; walked: " + ids).isEmpty();

        assertThat(visited).as("stops in the area").hasSizeGreaterThan(3);
        robot.interact(visited.get(3)::requestFocus);
        for (int back = 2; back >= 0; back--) {
            robot.push(KeyCode.SHIFT, KeyCode.TAB);
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(stage.getScene().getFocusOwner())
                    .as("Shift+Tab to stop " + back + " of " + ids)
                    .isSameAs(visited.get(back));
        }
        return ids;
    }

    private static List<String> ids(List<Node> nodes) {
        return nodes.stream().map(AreaKeyboardTest::describe).toList();
    }

    private static String describe(Node node) {
        return node == null ? "nothing" : node.getId() == null ? node.getClass().getSimpleName() : node.getId();
    }

    /** Enabled, shown controls that take the keyboard and were not reached. */
    private static void collectFocusable(Node node, List<Node> reached, List<String> unreached) {
        if (!node.isVisible() || node.isDisabled()) {
            return;
        }
        if (node instanceof Control control && control.isFocusTraversable() && !reached.contains(node)) {
            unreached.add(describe(control) + " (" + control.getClass().getSimpleName() + ")");
        }
        if (node instanceof Control && reached.contains(node)) {
            return; // a table's or a combo box's inner parts are reached through it
        }
        if (node instanceof Parent parent) {
            for (Node child : parent.getChildrenUnmodifiable()) {
                collectFocusable(child, reached, unreached);
            }
        }
    }
}
