package dev.stormwatch.app.common;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.stage.Window;

/**
 * The port to the desktop's file dialogs: every Open… and Save… of the window asks through it. The desktop's native
 * dialogs ({@link #desktop()}) cannot run on a headless toolkit, so a test answers in their place.
 */
public interface FileDialogs {

    /**
     * The files the person chose to open, over {@code owner}: at most one unless {@code many}; empty when they cancel.
     *
     * @param patterns the kinds listed first ({@code *.pem}); none lists every file
     */
    List<Path> open(Window owner, String title, boolean many, String... patterns);

    /** The one file the person chose to open, over {@code owner}; empty when they cancel. */
    default Optional<Path> openOne(Window owner, String title, String... patterns) {
        return open(owner, title, false, patterns).stream().findFirst();
    }

    /** Where the person chose to save, over {@code owner}, {@code suggested} offered as the name; empty on cancel. */
    Optional<Path> save(Window owner, String title, String suggested);

    /** The desktop's own dialogs. */
    static FileDialogs desktop() {
        return DesktopFileDialogs.INSTANCE;
    }

    /** The window {@code node} is shown in, or none while it is not in a scene. */
    static Window windowOf(javafx.scene.Node node) {
        return node.getScene() == null ? null : node.getScene().getWindow();
    }
}
