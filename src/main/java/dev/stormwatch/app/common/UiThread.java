package dev.stormwatch.app.common;

import java.util.concurrent.Executor;
import javafx.application.Platform;

/** The one way to hop onto the JavaFX application thread: runs at once when already there, else later. */
public final class UiThread {

    private static final Executor FX = task -> {
        if (Platform.isFxApplicationThread()) {
            task.run();
        } else {
            Platform.runLater(task);
        }
    };

    private UiThread() {}

    /** An executor that runs its tasks on the JavaFX application thread. */
    public static Executor executor() {
        return FX;
    }
}
