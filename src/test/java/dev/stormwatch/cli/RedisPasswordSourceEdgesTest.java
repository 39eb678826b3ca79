package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.limit.RedisPassword;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** HD3: where {@code limit} and {@code load} find an external Redis's password, and how a bad one is named. */
class RedisPasswordSourceEdgesTest {

    @TempDir
    Path dir;

    @Test
    @DisplayName("HD3: the file's first line, without the spaces around it, is the password; the variable is then not"
            + " read")
    void theFilesFirstLineWins() throws Exception {
        Path file = Files.writeString(dir.resolve("pw"), "  s3cret  \nsecond-line\n");

        Optional<RedisPassword> password =
                RedisPasswordSource.read(file, Map.of(RedisPasswordSource.VARIABLE, "other")::get);

        assertThat(password).contains(RedisPassword.of("s3cret"));
    }

    @Test
    @DisplayName("HD3: a file without a line break is one password")
    void aFileWithoutALineBreak() throws Exception {
        Path file = Files.writeString(dir.resolve("pw"), "s3cret");

        assertThat(RedisPasswordSource.read(file, name -> null)).contains(RedisPassword.of("s3cret"));
    }

    @Test
    @DisplayName("HD3: without a file the variable gives the password; unset or empty, there is none")
    void theVariableWhenNoFile() throws Exception {
        assertThat(RedisPasswordSource.read(null, Map.of(RedisPasswordSource.VARIABLE, "v4r")::get))
                .contains(RedisPassword.of("v4r"));
        assertThat(RedisPasswordSource.read(null, Map.of(RedisPasswordSource.VARIABLE, "")::get))
                .isEmpty();
        assertThat(RedisPasswordSource.read(null, name -> null)).isEmpty();
    }

    @Test
    @DisplayName("HD3: an empty file is refused naming the option and the file, never a value")
    void anEmptyFileIsRefused() throws Exception {
        Path file = Files.writeString(dir.resolve("pw"), "\nhidden\n");

        assertThatThrownBy(() -> RedisPasswordSource.read(file, name -> null))
                .isInstanceOf(RedisPasswordSource.Unreadable.class)
                .hasMessageStartingWith(RedisPasswordSource.OPTION + " " + file + ": a Redis password must be")
                .hasMessageNotContaining("hidden");
    }
}
