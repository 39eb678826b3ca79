package dev.stormwatch.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
class MainWindowTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        new MainWindow().show(stage);
    }

    @Test
    void mainWindowOpensTitledStormwatchWithItsThreeAreas(FxRobot robot) {
        assertThat(stage.isShowing()).isTrue();
        assertThat(stage.getTitle()).isEqualTo("Stormwatch");
        TabPane areas = robot.lookup("#areas").queryAs(TabPane.class);
        assertThat(areas.getTabs()).extracting(Tab::getText)
                .containsExactly("Session", "Load lab", "Provider & relay");
    }
}
