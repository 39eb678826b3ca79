package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.base.Secret;
import dev.stormwatch.retry.CallFailure;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class CachedSessionStoreTest {

    @TempDir
    Path dir;

    private static Session session(String accessToken, String refreshToken) {
        TokenSet tokens = new TokenSet(
                Secret.of(accessToken),
                "Bearer",
                Optional.of(Instant.parse("2026-01-01T10:05:00Z")),
                Optional.of(Secret.of(refreshToken)),
                Secret.of("id"),
                Optional.of("openid"));
        IdTokenClaims claims = new IdTokenClaims(
                "https://idp",
                "alice",
                List.of("app"),
                Instant.parse("2026-01-01T10:05:00Z"),
                Instant.parse("2026-01-01T10:00:00Z"),
                Optional.empty(),
                Map.of());
        return new Session(tokens, claims);
    }

    @Test
    @DisplayName("reads the file once, then answers from memory: asking per attempt costs no file read")
    void readsTheBackingStoreOnce() throws Exception {
        Path file = dir.resolve("session.json");
        new FileSessionStore(file).save(session("at-1", "rt-1"));
        CachedSessionStore cached = new CachedSessionStore(new FileSessionStore(file));

        Files.delete(file); // a store that read the file again would now find no session

        assertThat(cached.load()).contains(session("at-1", "rt-1"));
    }

    @Test
    @DisplayName("F3: a refreshed session (rotated refresh token) is written through to the file; a cleared one erased")
    void changesAreWrittenThrough() {
        Path file = dir.resolve("session.json");
        new FileSessionStore(file).save(session("at-1", "rt-1"));
        CachedSessionStore cached = new CachedSessionStore(new FileSessionStore(file));

        cached.save(session("at-2", "rt-2"));
        assertThat(new FileSessionStore(file).load()).contains(session("at-2", "rt-2"));
        assertThat(cached.load()).contains(session("at-2", "rt-2"));

        cached.clear();
        assertThat(cached.load()).isEmpty();
        assertThat(file).doesNotExist();
    }

    /** A store whose file write always fails, as on a full disk or a folder made read-only. */
    private static final class UnwritableStore implements SessionStore {

        private final Session stored;

        UnwritableStore(Session stored) {
            this.stored = stored;
        }

        @Override
        public Optional<Session> load() {
            return Optional.of(stored);
        }

        @Override
        public void save(Session session) {
            throw Failures.configuration("cannot write the session file (test)");
        }

        @Override
        public void clear() {}
    }

    @Test
    @DisplayName(
            "F (rotation): when writing a rotated session fails, this process still keeps the new refresh token (never goes"
                    + " back to the spent one) and the write's error still reaches the caller")
    void aFailedWriteKeepsTheRotatedSessionInMemory() {
        CachedSessionStore cached = new CachedSessionStore(new UnwritableStore(session("at-1", "rt-1")));

        assertThatThrownBy(() -> cached.save(session("at-2", "rt-2")))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("cannot write the session file");
        assertThat(cached.load()).contains(session("at-2", "rt-2"));
    }
}
