package dev.stormwatch.app;

import dev.stormwatch.app.shell.FilePreferencesStore;
import dev.stormwatch.app.shell.SystemTheme;
import dev.stormwatch.logs.LogFolder;
import dev.stormwatch.logs.SupportLog;
import java.lang.management.ManagementFactory;
import java.nio.file.Path;
import javafx.application.Application;
import javafx.application.Platform;
import javafx.stage.Stage;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/** The desktop app: one main window on the embedded defaults. */
public final class StormwatchApp extends Application {

    private static final Logger LOG = LoggerFactory.getLogger(StormwatchApp.class);

    private Composition composition;

    @Override
    public void start(Stage stage) {
        composition = new Composition(Composition.Parts.defaults());
        // UI1, UI2: the window opens where, as large and in the theme it was last closed with.
        composition.window().show(stage, FilePreferencesStore.forThisUser(), SystemTheme.ofThisDesktop());
        // HD2: the log folder Main started, or where it would be.
        Path logs = SupportLog.currentFile().map(Path::getParent).orElseGet(LogFolder::forThisUser);
        composition
                .servers()
                .logFolder(
                        logs,
                        folder -> getHostServices().showDocument(folder.toUri().toString()));
        // The start-up figure the README reports: JVM start to a window that takes input.
        Platform.runLater(() -> LOG.info(
                "window ready {} ms after the JVM started",
                System.currentTimeMillis()
                        - ManagementFactory.getRuntimeMXBean().getStartTime()));
    }

    @Override
    public void stop() {
        if (composition != null) {
            composition.close();
        }
    }
}
