package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Which redis-server the embedded Redis runs, and the reason it says. */
class RedisBinaryTest {

    private static final Path ON_PATH = Path.of("bin", "redis-server");
    private static final Path BUNDLED = Path.of("bundled", "redis-server-6.2.6");

    private static RedisBinary choose(Optional<Path> onPath, Map<Path, String> versions) {
        return RedisBinary.choose(onPath, binary -> Optional.ofNullable(versions.get(binary)), () -> BUNDLED);
    }

    @Test
    @DisplayName("a redis-server 7.0 on the PATH is preferred to the bundled 6.2")
    void aPathServerOfSevenIsPreferred() {
        RedisBinary chosen = choose(Optional.of(ON_PATH), Map.of(ON_PATH, "7.0.15", BUNDLED, "6.2.6"));

        assertThat(chosen.origin()).isEqualTo(RedisBinary.Origin.PATH);
        assertThat(chosen.executable()).isEqualTo(ON_PATH);
        assertThat(chosen.describe())
                .contains("7.0.15")
                .contains("from the PATH")
                .contains("7.0 or newer");
    }

    @Test
    @DisplayName("boundary: 6.2.99 on the PATH is too old, 7.0 is new enough")
    void versionBoundaryIsSevenZero() {
        assertThat(choose(Optional.of(ON_PATH), Map.of(ON_PATH, "6.2.99", BUNDLED, "6.2.6"))
                        .origin())
                .isEqualTo(RedisBinary.Origin.BUNDLED);
        assertThat(choose(Optional.of(ON_PATH), Map.of(ON_PATH, "7.0", BUNDLED, "6.2.6"))
                        .origin())
                .isEqualTo(RedisBinary.Origin.PATH);
    }

    @Test
    @DisplayName("an old PATH server falls back to the bundled binary and says why")
    void anOldPathServerFallsBackWithTheReason() {
        RedisBinary chosen = choose(Optional.of(ON_PATH), Map.of(ON_PATH, "6.0.16", BUNDLED, "6.2.6"));

        assertThat(chosen.origin()).isEqualTo(RedisBinary.Origin.BUNDLED);
        assertThat(chosen.version()).isEqualTo("6.2.6");
        assertThat(chosen.reason()).contains("6.0.16, older than 7.0");
    }

    @Test
    @DisplayName("no redis-server on the PATH, or one that does not say its version: the bundled binary")
    void nothingUsableOnThePathFallsBack() {
        assertThat(choose(Optional.empty(), Map.of(BUNDLED, "6.2.6")).reason())
                .startsWith("no redis-server on the PATH");
        assertThat(choose(Optional.of(ON_PATH), Map.of(BUNDLED, "6.2.6")).reason())
                .contains("did not say its version");
    }

    @Test
    void parsesTheVersionLine() {
        assertThat(RedisBinary.parseVersion("Redis server v=7.0.15 sha=00000000:0 malloc=jemalloc-5.3.0 bits=64"))
                .contains("7.0.15");
        assertThat(RedisBinary.parseVersion("something else")).isEmpty();
    }

    @Test
    @DisplayName("an empty PATH entry (the working directory) is never searched")
    void theWorkingDirectoryIsNotSearched() {
        assertThat(RedisBinary.onPath("")).isEmpty();
        assertThat(RedisBinary.onPath(java.io.File.pathSeparator)).isEmpty();
    }
}
