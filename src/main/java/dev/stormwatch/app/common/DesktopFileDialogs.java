package dev.stormwatch.app.common;

import java.io.File;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** {@link FileDialogs} as the desktop's native file chooser. */
final class DesktopFileDialogs implements FileDialogs {

    static final DesktopFileDialogs INSTANCE = new DesktopFileDialogs();

    private DesktopFileDialogs() {}

    @Override
    public List<Path> open(Window owner, String title, boolean many, String... patterns) {
        FileChooser chooser = chooser(title, patterns);
        List<File> chosen = many
                ? chooser.showOpenMultipleDialog(owner)
                : Optional.ofNullable(chooser.showOpenDialog(owner))
                        .map(List::of)
                        .orElse(null);
        return chosen == null ? List.of() : chosen.stream().map(File::toPath).toList();
    }

    @Override
    public Optional<Path> save(Window owner, String title, String suggested) {
        int dot = suggested.lastIndexOf('.');
        FileChooser chooser = dot < 0 ? chooser(title) : chooser(title, "*" + suggested.substring(dot));
        chooser.setInitialFileName(suggested);
        return Optional.ofNullable(chooser.showSaveDialog(owner)).map(File::toPath);
    }

    private static FileChooser chooser(String title, String... patterns) {
        FileChooser chooser = new FileChooser();
        chooser.setTitle(title);
        if (patterns.length > 0) {
            chooser.getExtensionFilters()
                    .addAll(
                            new FileChooser.ExtensionFilter(String.join(", ", patterns), patterns),
                            new FileChooser.ExtensionFilter("All files", "*"));
        }
        return chooser;
    }
}
