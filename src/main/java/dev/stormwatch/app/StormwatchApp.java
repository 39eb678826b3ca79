package dev.stormwatch.app;

import dev.stormwatch.app.shell.MainWindow;
import javafx.application.Application;
import javafx.stage.Stage;

/** The desktop app: one main window on the embedded defaults. */
public final class StormwatchApp extends Application {

    @Override
    public void start(Stage stage) {
        new MainWindow().show(stage);
    }
}
