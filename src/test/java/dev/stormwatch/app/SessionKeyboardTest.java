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

/** UI11: the Session area walked with the keyboard alone, on the real window (no servers: the order is tested). */
@ExtendWith(ApplicationExtension.class)
class SessionKeyboardTest {

    private Stage stage;
    private Composition composition;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        composition = TestWindows.withoutServers();
        TestWindows.show(composition, stage);
    }

    @AfterEach
    void close() {
        TestWindows.close(composition);
    }

    @Test
    @DisplayName(
            "UI11: Tab reaches every control of the Session area in reading order, settings, actions, timeline, and Shift+Tab walks back")
    void tabWalksTheSessionAreaInReadingOrder(FxRobot robot) {
        // A valid issuer, so that Sign in is enabled (a disabled control is rightly skipped).
        robot.interact(() -> {
            composition.session().settings().issuerProperty().set("http://127.0.0.1:9/");
            composition.session().applySettings();
        });
        TabPane areas = robot.lookup("#areas").queryAs(TabPane.class);
        robot.interact(() -> areas.requestFocus());

        List<Node> visited = new ArrayList<>();
        for (int i = 0; i < 80; i++) {
            robot.push(KeyCode.TAB);
            WaitForAsyncUtils.waitForFxEvents();
            Node owner = stage.getScene().getFocusOwner();
            if (owner == areas || visited.contains(owner)) {
                break; // round the window and back
            }
            visited.add(owner);
        }
        List<String> ids = visited.stream()
                .map(n -> n.getId() == null ? n.getClass().getSimpleName() : n.getId())
                .toList();

        // Every control that can take the keyboard is reached.
        List<String> unreached = new ArrayList<>();
        collectFocusable(robot.lookup("#session").query(), visited, unreached);
        assertThat(unreached).as("controls Tab never reaches; walked: " + ids).isEmpty();

        // Reading order: the settings top to bottom, then the session's actions, then the tokens and the timeline.
        assertThat(ids)
                .containsSubsequence(
                        "settings-apply",
                        "settings-profile",
                        "settings-issuer",
                        "settings-client-id",
                        "settings-scope",
                        "settings-preset",
                        "policy-per-origin",
                        "policy-budget",
                        "sign-in",
                        "timeline-clear",
                        "timeline-table");
        assertThat(ids.indexOf("settings-dpop")).isLessThan(ids.indexOf("sign-in"));

        // Shift+Tab from the fourth stop goes back through the third, second and first.
        Node fourth = visited.get(3);
        robot.interact(fourth::requestFocus);
        for (int back = 2; back >= 0; back--) {
            robot.push(KeyCode.SHIFT, KeyCode.TAB);
            WaitForAsyncUtils.waitForFxEvents();
            assertThat(stage.getScene().getFocusOwner())
                    .as("Shift+Tab to stop " + back + " of " + ids)
                    .isSameAs(visited.get(back));
        }
    }

    /** Enabled, shown controls that take the keyboard and were not reached. */
    private static void collectFocusable(Node node, List<Node> reached, List<String> unreached) {
        if (!node.isVisible() || node.isDisabled()) {
            return;
        }
        if (node instanceof Control control && control.isFocusTraversable() && !reached.contains(node)) {
            unreached.add(control.getClass().getSimpleName() + (control.getId() == null ? "" : "#" + control.getId()));
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
