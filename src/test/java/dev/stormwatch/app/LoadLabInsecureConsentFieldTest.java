package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.CheckBox;
import javafx.scene.control.Label;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** LB14 in the window: the consent's checkbox, with its refusal shown right under it while it applies. */
@ExtendWith(ApplicationExtension.class)
class LoadLabInsecureConsentFieldTest {

    private Composition composition;

    @Start
    void start(Stage stage) {
        composition = TestWindows.withEmbeddedServers();
        // Preferences in memory: the window's size must not come from whatever a person's own file holds (UI1).
        TestWindows.show(composition, stage);
    }

    @AfterEach
    void close() {
        TestWindows.close(composition);
    }

    @Test
    @DisplayName("LB14: the refusal shows under the consent box for plain http off this machine, and goes when ticked")
    void theRefusalShowsUnderTheBoxAndGoesWhenTicked(FxRobot robot) {
        robot.interact(() -> {
            robot.lookup("#areas").queryAs(TabPane.class).getSelectionModel().select(1);
            robot.lookup("#load-rate").queryTextInputControl().setText("5");
            robot.lookup("#load-target").queryTextInputControl().setText("http://gateway.example:8080/v1");
        });
        robot.interact(
                () -> robot.lookup("#load-api-key").queryTextInputControl().setText("sk-test-123"));
        WaitForAsyncUtils.waitForFxEvents();

        Label refusal = robot.lookup("#load-insecure-credentials-error").queryAs(Label.class);
        CheckBox box = robot.lookup("#load-insecure-credentials").queryAs(CheckBox.class);
        assertThat(refusal.isVisible()).isTrue();
        assertThat(refusal.getText()).contains("plain http off this machine").doesNotContain("sk-test-123");
        assertThat(refusal.localToScene(0, 0).getY())
                .as("under the box")
                .isGreaterThan(box.localToScene(0, 0).getY());
        assertThat(box.isSelected()).as("off by default").isFalse();

        // As a person would: scroll the form until the box is in view, then click it.
        robot.interact(() -> scrollIntoView(box));
        robot.clickOn(box);
        WaitForAsyncUtils.waitForFxEvents();
        assertThat(box.isSelected()).as("the click ticked the box").isTrue();

        assertThat(refusal.getText()).isEmpty();
        assertThat(refusal.isVisible()).isFalse();
    }

    /** Scrolls the form that holds {@code node} so that the node stands in the middle of its view. */
    private static void scrollIntoView(javafx.scene.Node node) {
        javafx.scene.Parent parent = node.getParent();
        while (!(parent instanceof javafx.scene.control.ScrollPane)) {
            parent = parent.getParent();
        }
        javafx.scene.control.ScrollPane pane = (javafx.scene.control.ScrollPane) parent;
        javafx.scene.Node content = pane.getContent();
        double y = content.sceneToLocal(node.localToScene(0, 0)).getY();
        double overflow = content.getBoundsInLocal().getHeight()
                - pane.getViewportBounds().getHeight();
        if (overflow > 0) {
            double middle = y - pane.getViewportBounds().getHeight() / 2;
            pane.setVvalue(Math.max(0, Math.min(1, middle / overflow)));
        }
        pane.layout();
    }
}
