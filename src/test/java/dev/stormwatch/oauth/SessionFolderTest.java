package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import dev.stormwatch.base.Secret;
import dev.stormwatch.retry.CallFailure;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The session is never written into a folder that other users can write. */
class SessionFolderTest {

    @TempDir
    Path base;

    @BeforeEach
    void posixOnly() {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
    }

    private Path folder(String mode) throws Exception {
        Path dir = Files.createDirectory(base.resolve("stormwatch-" + mode));
        Files.setPosixFilePermissions(dir, PosixFilePermissions.fromString(mode));
        return dir;
    }

    @ParameterizedTest(name = "{0} is refused")
    @ValueSource(strings = {"rwxrwxrwx", "rwxrwx---", "rwx---rwx", "rwx-w----", "rwx----w-"})
    void aFolderThatGroupOrOthersCanWriteIsRefused(String mode) throws Exception {
        Path dir = folder(mode);

        assertThatThrownBy(() -> SessionFolder.requireOnlyOwnerCanWrite(dir))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("can be written by other users");
    }

    @ParameterizedTest(name = "{0} is accepted")
    @ValueSource(strings = {"rwx------", "rwxr-xr-x", "rwxr-x---"})
    void aFolderOnlyItsOwnerCanWriteIsAccepted(String mode) throws Exception {
        Path dir = folder(mode);

        assertThatCode(() -> SessionFolder.requireOnlyOwnerCanWrite(dir)).doesNotThrowAnyException();
    }

    @Test
    @DisplayName("saving into an existing world-writable folder is refused, and nothing is written there")
    void savingIntoAWorldWritableFolderIsRefused() throws Exception {
        Path dir = folder("rwxrwxrwx");
        FileSessionStore store = new FileSessionStore(dir.resolve("session.json"));

        assertThatThrownBy(() -> store.save(session()))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("chmod go-w");
        assertThat(dir.resolve("session.json")).doesNotExist();
    }

    private static Session session() {
        TokenSet tokens = new TokenSet(
                Secret.of("at"),
                "Bearer",
                Optional.of(Instant.parse("2026-01-01T10:05:00Z")),
                Optional.of(Secret.of("rt")),
                Secret.of("id"),
                Optional.of("openid"));
        IdTokenClaims claims = new IdTokenClaims(
                "https://idp",
                "alice",
                List.of("app"),
                Instant.parse("2026-01-01T10:05:00Z"),
                Instant.parse("2026-01-01T10:00:00Z"),
                Optional.of("n"),
                Map.of());
        return new Session(tokens, claims);
    }
}
