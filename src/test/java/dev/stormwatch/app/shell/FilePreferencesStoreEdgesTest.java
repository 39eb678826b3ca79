package dev.stormwatch.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FilePreferencesStoreEdgesTest {

    @TempDir
    Path dir;

    private WindowPreferences loaded(String text) throws Exception {
        Path file = dir.resolve("window.properties");
        Files.writeString(file, text, StandardCharsets.UTF_8);
        return new FilePreferencesStore(file).load();
    }

    @Test
    @DisplayName("UI1: a place of no width or no height is ignored on its own, and the window opens centred")
    void aPlaceOfNoWidthOrHeightIsIgnored() throws Exception {
        assertThat(loaded("theme=dark\nx=10\ny=20\nwidth=0\nheight=750\n").bounds())
                .isEmpty();
        assertThat(loaded("theme=dark\nx=10\ny=20\nwidth=1100\nheight=0\n").bounds())
                .isEmpty();
        assertThat(loaded("theme=dark\nx=10\ny=20\nwidth=1\nheight=1\n").bounds())
                .isPresent();
        assertThat(loaded("theme=dark\nx=10\ny=20\nwidth=0\nheight=0\n").theme())
                .isEqualTo(Theme.DARK);
    }
}
