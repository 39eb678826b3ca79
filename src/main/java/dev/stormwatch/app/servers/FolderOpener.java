package dev.stormwatch.app.servers;

import java.nio.file.Path;

/** Shows a folder in the desktop's file manager; behind an interface so that tests need no desktop. */
@FunctionalInterface
public interface FolderOpener {

    /**
     * Opens {@code folder}.
     *
     * @throws RuntimeException when the desktop cannot open it; its message says why
     */
    void open(Path folder);
}
