package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.base.Secret;
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
        return session("Bearer");
    }

    private static Session session(String tokenType) {
        TokenSet tokens = new TokenSet(
                Secret.of("at"),
                tokenType,
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
                Map.of("name", "Alice"));
        return new Session(tokens, claims);
    }

    @Test
    void aSavedSessionIsReadBackAndTheFileIsReadableByItsOwnerOnly() throws Exception {
        Path file = dir.resolve("stormwatch").resolve("session.json");
        FileSessionStore store = new FileSessionStore(file);

        store.save(session());

        assertThat(new FileSessionStore(file).load()).contains(session());
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file.getParent())))
                .isEqualTo("rwx------");
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

    // Regression: a DPoP-bound session was written, but its key was not; after a restart it could not be refreshed.
    @Test
    void aDpopBoundSessionIsKeptInMemoryButNeverWrittenToTheFile() {
        Path file = dir.resolve("session.json");
        FileSessionStore store = new FileSessionStore(file);
        store.save(session()); // an earlier Bearer session on disk must not outlive its replacement

        store.save(session("DPoP"));

        assertThat(store.load()).contains(session("DPoP"));
        assertThat(file).doesNotExist();
        assertThat(new FileSessionStore(file).load()).isEmpty();
    }

    @Test
    void aDpopBoundSessionFoundInTheFileIsDropped() throws Exception {
        Path file = dir.resolve("session.json");
        new FileSessionStore(file).save(session());
        Files.writeString(file, Files.readString(file).replace("\"token_type\":\"Bearer\"", "\"token_type\":\"DPoP\""));

        assertThat(new FileSessionStore(file).load()).isEmpty();
        assertThat(file).doesNotExist();
    }

    @Test
    void clearAlsoForgetsAnInMemoryDpopSession() {
        FileSessionStore store = new FileSessionStore(dir.resolve("session.json"));
        store.save(session("DPoP"));

        store.clear();

        assertThat(store.load()).isEmpty();
    }
}
