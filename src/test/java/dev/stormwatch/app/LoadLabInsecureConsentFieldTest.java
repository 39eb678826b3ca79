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
        composition.window().show(stage);
    }

    @AfterEach
    void close() {
        composition.close();
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

        robot.clickOn("#load-insecure-credentials");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(refusal.getText()).isEmpty();
        assertThat(refusal.isVisible()).isFalse();
    }
}
