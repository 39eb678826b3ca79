package dev.stormwatch.logs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class LogFolderTest {

    private static final Path HOME = Path.of("/home/ada");

    @Test
    @DisplayName("HD2: on Linux the logs go to $XDG_STATE_HOME/stormwatch/logs")
    void linuxUsesXdgStateHome() {
        assertThat(LogFolder.of(Map.of("XDG_STATE_HOME", "/var/state/ada"), "Linux", HOME))
                .isEqualTo(Path.of("/var/state/ada/stormwatch/logs"));
    }

    @Test
    @DisplayName("HD2: without $XDG_STATE_HOME, or with a relative one, the logs go to ~/.local/state/stormwatch/logs")
    void linuxFallsBackToLocalState() {
        Path expected = Path.of("/home/ada/.local/state/stormwatch/logs");

        assertThat(LogFolder.of(Map.of(), "Linux", HOME)).isEqualTo(expected);
        assertThat(LogFolder.of(Map.of("XDG_STATE_HOME", "relative/state"), "Linux", HOME))
                .isEqualTo(expected);
        assertThat(LogFolder.of(Map.of("XDG_STATE_HOME", " "), "Linux", HOME)).isEqualTo(expected);
    }

    @Test
    @DisplayName("HD2: on macOS the logs go to ~/Library/Logs/Stormwatch, where Console.app looks")
    void macOsUsesLibraryLogs() {
        assertThat(LogFolder.of(Map.of("XDG_STATE_HOME", "/x"), "Mac OS X", HOME))
                .isEqualTo(Path.of("/home/ada/Library/Logs/Stormwatch"));
    }

    @Test
    @DisplayName("HD2: on Windows the logs go to %LOCALAPPDATA%\\Stormwatch\\logs, else AppData\\Local in the home")
    void windowsUsesLocalAppData() {
        assertThat(LogFolder.of(Map.of("LOCALAPPDATA", "/c/Users/ada/AppData/Local"), "Windows 11", HOME))
                .isEqualTo(Path.of("/c/Users/ada/AppData/Local/Stormwatch/logs"));
        assertThat(LogFolder.of(Map.of(), "Windows 11", HOME))
                .isEqualTo(Path.of("/home/ada/AppData/Local/Stormwatch/logs"));
    }
}
