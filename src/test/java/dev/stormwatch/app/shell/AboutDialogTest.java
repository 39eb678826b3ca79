package dev.stormwatch.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.ProductVersion;
import dev.stormwatch.testing.FxThread;
import javafx.scene.Scene;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

/** Help → About, built on a real JavaFX toolkit and read without showing it. */
@ExtendWith(ApplicationExtension.class)
class AboutDialogTest {

    private Stage owner;

    @Start
    void start(Stage stage) {
        owner = stage;
        stage.setScene(new Scene(new StackPane(), 320, 200));
        // The toolkit's one stage may still have the size an earlier test class gave it.
        stage.sizeToScene();
        stage.show();
    }

    @Test
    @DisplayName("UI4: About names the version the build wrote and the Java and JavaFX it runs on, over the window")
    void aboutNamesTheVersionAndTheRuntime() throws Exception {
        Alert about = FxThread.call(() -> AboutDialog.create(owner));

        assertThat(about.getOwner()).isSameAs(owner);
        assertThat(about.getAlertType()).isEqualTo(Alert.AlertType.INFORMATION);
        assertThat(about.getTitle()).isEqualTo("About Stormwatch");
        assertThat(about.getHeaderText()).isEqualTo("Stormwatch " + ProductVersion.current());
        assertThat(about.getDialogPane().getId()).isEqualTo("about-dialog");
        Label text = (Label) about.getDialogPane().getContent();
        assertThat(text.getId()).isEqualTo("about-text");
        assertThat(text.getText())
                .isEqualTo("See what an OAuth client and a retrying API client do when a provider is overloaded."
                        + "\n\nJava " + System.getProperty("java.version") + " ("
                        + System.getProperty("java.vendor") + "), JavaFX "
                        + System.getProperty("javafx.runtime.version"));
        assertThat(System.getProperty("javafx.runtime.version"))
                .as("the toolkit's version, set once it runs")
                .isNotBlank();
        // A paragraph, not one line as wide as the screen.
        assertThat(text.isWrapText()).isTrue();
        assertThat(text.getMaxWidth()).isEqualTo(420);
    }
}
