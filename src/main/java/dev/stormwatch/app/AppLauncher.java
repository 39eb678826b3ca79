package dev.stormwatch.app;

import javafx.application.Application;

/**
 * Starts the JavaFX app from a plain main class, so that the app runs from an ordinary (non-modular) jar.
 */
public final class AppLauncher {

    private AppLauncher() {}

    public static void launch(String[] args) {
        Application.launch(StormwatchApp.class, args);
    }
}
