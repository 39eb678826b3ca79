package dev.stormwatch.testing;

import dev.stormwatch.app.common.FileDialogs;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import javafx.stage.Window;

/**
 * The window's file dialogs answered as a test says, in the desktop's place (a headless toolkit has no native
 * dialog); each question asked is kept, with the window it was asked over.
 */
public final class AnsweredFileDialogs implements FileDialogs {

    /** One question: which dialog, over which window, with its title, and the name or kinds it offered. */
    public record Asked(String dialog, Window owner, String title, String offered) {}

    private final List<Asked> asked = new ArrayList<>();
    private volatile List<Path> answer = List.of();

    /** The next dialogs answer with {@code files}: none is a cancel. */
    public void answer(Path... files) {
        answer = List.of(files);
    }

    public List<Asked> asked() {
        return List.copyOf(asked);
    }

    @Override
    public List<Path> open(Window owner, String title, boolean many, String... patterns) {
        asked.add(new Asked(many ? "open many" : "open", owner, title, String.join(" ", patterns)));
        return many || answer.isEmpty() ? answer : answer.subList(0, 1);
    }

    @Override
    public Optional<Path> save(Window owner, String title, String suggested) {
        asked.add(new Asked("save", owner, title, suggested));
        return answer.stream().findFirst();
    }
}
