package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class FileSessionStoreTest {

    @TempDir
    Path dir;

    private static Session session() {
        TokenSet tokens = new TokenSet(Secret.of("at"), "Bearer", Optional.of(Instant.parse("2026-01-01T10:05:00Z")),
                Optional.of(Secret.of("rt")), Secret.of("id"), Optional.of("openid"));
        IdTokenClaims claims = new IdTokenClaims("https://idp", "alice", List.of("app"),
                Instant.parse("2026-01-01T10:05:00Z"), Instant.parse("2026-01-01T10:00:00Z"), Optional.of("n"),
                Map.of("name", "Alice"));
        return new Session(tokens, claims);
    }

    @Test
    void aSavedSessionIsReadBackAndTheFileIsReadableByItsOwnerOnly() throws Exception {
        Path file = dir.resolve("stormwatch").resolve("session.json");
        FileSessionStore store = new FileSessionStore(file);

        store.save(session());

        assertThat(new FileSessionStore(file).load()).contains(session());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file))).isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent()))).isEqualTo("rwx------");
        assertThat(Files.list(file.getParent())).containsExactly(file);
    }

    @Test
    void clearErasesTheFile() {
        Path file = dir.resolve("session.json");
        FileSessionStore store = new FileSessionStore(file);
        store.save(session());

        store.clear();

        assertThat(file).doesNotExist();
        assertThat(store.load()).isEmpty();
    }

    @Test
    void anUnreadableFileIsLeftInPlaceAndMeansNoSession() throws Exception {
        Path file = dir.resolve("session.json");
        Files.writeString(file, "{not json");

        assertThat(new FileSessionStore(file).load()).isEmpty();
        assertThat(file).hasContent("{not json");
    }
}
