package dev.stormwatch.logs;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class LogFolderEdgesTest {

    @Test
    @DisplayName("HD2: this user's folder is the one of this process's environment, operating system and home")
    void thisUsersFolderIsReadFromThisProcess() {
        Path expected = LogFolder.of(
                System.getenv(), System.getProperty("os.name", ""), Path.of(System.getProperty("user.home")));

        assertThat(LogFolder.forThisUser()).isEqualTo(expected).isAbsolute().endsWithRaw(Path.of("logs"));
    }
}
