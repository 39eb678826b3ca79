package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Where the embedded Redis finds its {@code redis-server} (decision 0003), on real folders: only an executable
 * regular file named {@code redis-server} counts, folders are searched in order, and a version line may lack its patch.
 */
class RedisBinaryEdgesTest {

    @TempDir
    Path folder;

    private Path file(Path dir, String permissions) throws IOException {
        Files.createDirectories(dir);
        Path file = dir.resolve("redis-server");
        Files.writeString(file, "#!/bin/sh\necho 'Redis server v=7.2.4 sha=00000000:0'\n");
        Files.setPosixFilePermissions(file, PosixFilePermissions.fromString(permissions));
        return file;
    }

    @Test
    @DisplayName("the first executable redis-server along the PATH is found, after blank entries and empty folders")
    void theFirstExecutableAlongThePathIsFound() throws IOException {
        Path empty = Files.createDirectories(folder.resolve("empty"));
        Path first = file(folder.resolve("first"), "rwx------");
        file(folder.resolve("second"), "rwx------");
        String path = String.join(
                File.pathSeparator,
                "",
                empty.toString(),
                first.getParent().toString(),
                folder.resolve("second").toString());

        assertThat(RedisBinary.onPath(path)).contains(first);
        assertThat(RedisBinary.onPath(null)).isEmpty();
        assertThat(RedisBinary.onPath(" ")).isEmpty();
    }

    @Test
    @DisplayName("a redis-server that cannot be run, or that is a folder, is passed over")
    void aFileThatCannotRunOrAFolderIsPassedOver() throws IOException {
        file(folder.resolve("not-executable"), "rw-------");
        Files.createDirectories(folder.resolve("a-folder").resolve("redis-server"));
        Path runnable = file(folder.resolve("runnable"), "rwx------");

        assertThat(RedisBinary.onPath(folder.resolve("not-executable").toString()))
                .isEmpty();
        assertThat(RedisBinary.onPath(folder.resolve("a-folder").toString())).isEmpty();
        assertThat(RedisBinary.onPath(String.join(
                        File.pathSeparator,
                        folder.resolve("not-executable").toString(),
                        folder.resolve("a-folder").toString(),
                        runnable.getParent().toString())))
                .contains(runnable);
    }

    @Test
    @DisplayName("a real binary says its version; one that cannot start says nothing; a version may lack its patch")
    void versionsAreReadFromTheBinary() throws IOException {
        Path script = file(folder.resolve("bin"), "rwx------");

        assertThat(RedisBinary.versionOf(script)).contains("7.2.4");
        assertThat(RedisBinary.versionOf(folder.resolve("missing"))).isEmpty();
        assertThat(RedisBinary.parseVersion("Redis server v=7.0 sha=0")).contains("7.0");
        assertThat(RedisBinary.major("7.0.15")).isEqualTo(7);
        assertThat(RedisBinary.major("unknown")).isEqualTo(-1);
    }

    @Test
    @DisplayName("a bundled binary is described as bundled, with its version and why it runs")
    void aBundledBinaryIsDescribedAsBundled() {
        RedisBinary bundled = RedisBinary.choose(
                Optional.empty(), binary -> Optional.of("6.2.6"), () -> Path.of("bundled", "redis-server-6.2.6"));

        assertThat(bundled.describe())
                .isEqualTo("redis-server 6.2.6 bundled (" + Path.of("bundled", "redis-server-6.2.6")
                        + "); no redis-server on the PATH: using the embedded-redis artifact's binary (install"
                        + " redis-server 7 or newer to replace it)");
        assertThat(RedisBinary.choose(
                                Optional.of(Path.of("bin", "redis-server")),
                                binary -> Optional.of("unknown"),
                                () -> Path.of("bundled"))
                        .reason())
                .startsWith("the redis-server on the PATH is unknown, older than 7.0");
    }
}
