package dev.stormwatch.app;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javafx.scene.control.Tab;
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

@ExtendWith(ApplicationExtension.class)
class MainWindowTest {

    private Stage stage;
    private Composition composition;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        composition = TestWindows.withEmbeddedServers();
        // Preferences in memory: a person's own file (window size, last tab) must not shape the test (UI1).
        TestWindows.show(composition, stage);
    }

    @AfterEach
    void close() {
        TestWindows.close(composition);
    }

    @Test
    void mainWindowOpensTitledStormwatchWithItsFourAreas(FxRobot robot) {
        assertThat(stage.isShowing()).isTrue();
        assertThat(stage.getTitle()).isEqualTo("Stormwatch");
        TabPane areas = robot.lookup("#areas").queryAs(TabPane.class);
        assertThat(areas.getTabs())
                .extracting(Tab::getText)
                .containsExactly("Session", "Load lab", "Provider & relay", "Diagnose");
    }

    @Test
    void embeddedProviderBecomesTheDefaultIssuerWithoutAnyConfiguration(FxRobot robot) throws Exception {
        TestWindows.awaitServers(composition);

        String issuer = composition.stack().orElseThrow().provider().issuer().toString();
        assertThat(composition.session().settings().issuerProperty().get()).isEqualTo(issuer);
        assertThat(composition.servers().providerAddressProperty().get()).isEqualTo(issuer);
        assertThat(robot.lookup("#sign-in").queryButton().isDisabled()).isFalse();
    }

    @Test
    @DisplayName("HD2: Open log folder, on the Provider & relay tab, shows the folder the app logs to")
    void openLogFolderButtonShowsTheLogFolder(FxRobot robot) {
        List<Path> opened = new CopyOnWriteArrayList<>();
        Path folder = Path.of("state", "stormwatch", "logs");
        robot.interact(() -> {
            composition.servers().logFolder(folder, opened::add);
            TabPane areas = robot.lookup("#areas").queryAs(TabPane.class);
            areas.getSelectionModel().select(2);
        });

        robot.clickOn("#open-log-folder");
        WaitForAsyncUtils.waitForFxEvents();

        assertThat(opened).containsExactly(folder);
        assertThat(robot.lookup("#log-folder").queryLabeled().getText()).isEqualTo(folder.toString());
    }
}
