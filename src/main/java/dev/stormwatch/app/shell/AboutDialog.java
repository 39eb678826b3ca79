package dev.stormwatch.app.shell;

import dev.stormwatch.base.ProductVersion;
import javafx.scene.control.Alert;
import javafx.scene.control.Label;
import javafx.stage.Window;

/** Help → About: the version the build wrote, and the runtime it runs on. */
final class AboutDialog {

    private AboutDialog() {}

    static Alert create(Window owner) {
        Alert about = new Alert(Alert.AlertType.INFORMATION);
        about.initOwner(owner);
        about.setTitle("About Stormwatch");
        about.setHeaderText("Stormwatch " + ProductVersion.current());
        Label text = new Label("See what an OAuth client and a retrying API client do when a provider is overloaded."
                + "\n\nJava " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"
                + ", JavaFX " + System.getProperty("javafx.runtime.version", "?"));
        text.setId("about-text");
        text.setWrapText(true);
        text.setMaxWidth(420);
        about.getDialogPane().setContent(text);
        about.getDialogPane().setId("about-dialog");
        return about;
    }
}
