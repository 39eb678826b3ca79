package dev.stormwatch.app;

import java.util.logging.Level;
import java.util.logging.Logger;
import javafx.application.Application;

/**
 * Starts the JavaFX app from a plain main class, so that the app runs from an ordinary (non-modular) jar.
 */
public final class AppLauncher {

    /**
     * JavaFX warns "Unsupported JavaFX configuration: classes were loaded from 'unnamed module'" on every start from
     * the class path, which is how the one runnable jar runs (the shaded jar has no module path). The warning is for
     * the developer who packaged it, not for the person who starts the app; JavaFX's other messages still show.
     * Held in a field: java.util.logging keeps only weak references to loggers.
     */
    private static final Logger JAVAFX_LOG = Logger.getLogger("javafx");

    private AppLauncher() {}

    public static void launch(String[] args) {
        JAVAFX_LOG.setFilter(record -> !(record.getLevel() == Level.WARNING
                && record.getMessage() != null
                && record.getMessage().startsWith("Unsupported JavaFX configuration")));
        Application.launch(StormwatchApp.class, args);
    }
}
