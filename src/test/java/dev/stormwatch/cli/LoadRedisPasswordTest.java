package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.DebianRedis;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * HD3 for {@code stormwatch load}: an external Redis that requires a password (Debian's redis-server 7 with
 * {@code requirepass}), with the same option and variable as {@code limit}; the password is never printed.
 */
class LoadRedisPasswordTest {

    private static final String PASSWORD = "Load-Redis-4f8a2d";
    private static DebianRedis redis;

    @TempDir
    Path folder;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void startRedis() throws Exception {
        redis = DebianRedis.start(PASSWORD);
    }

    @AfterAll
    static void stopRedis() throws Exception {
        if (redis != null) {
            redis.close();
        }
    }

    private int run(Map<String, String> environment, String... args) {
        return InProcessCli.withLoad(out, err, environment, load -> {}).execute(args);
    }

    private String[] loadThroughRedis(String... extra) {
        String[] base = {
            "load",
            "--clients",
            "5",
            "--duration",
            "2s",
            "--limiter",
            "sliding-log",
            "--redis",
            redis.url(),
            "--seed",
            "3"
        };
        String[] all = new String[base.length + extra.length];
        System.arraycopy(base, 0, all, 0, base.length);
        System.arraycopy(extra, 0, all, base.length, extra.length);
        return all;
    }

    @Test
    @DisplayName("HD3: load --redis-password-file decides on the external Redis; the password is never printed")
    void passwordFromAFileLetsTheRunUseRedis() throws Exception {
        Path file = Files.writeString(folder.resolve("redis-password"), PASSWORD + "\n");

        int exit = run(Map.of(), loadThroughRedis("--redis-password-file", file.toString()));

        assertThat(exit).as(out + "\n" + err).isZero();
        assertThat(out.toString())
                .contains("sharing one Redis (redis://127.0.0.1:" + redis.port() + ")")
                .contains("redis degraded decisions");
        assertThat(out.toString() + err).doesNotContain(PASSWORD);
        try (var jedis = redis.connect()) {
            assertThat(jedis.info("commandstats"))
                    .as("the limiter's script ran on this Redis")
                    .contains("evalsha");
        }
    }

    @Test
    @DisplayName("HD3: load reads STORMWATCH_REDIS_PASSWORD when no file is given")
    void passwordFromTheEnvironment() {
        int exit = run(Map.of(RedisPasswordSource.VARIABLE, PASSWORD), loadThroughRedis());

        assertThat(exit).as(out + "\n" + err).isZero();
        assertThat(out.toString() + err).doesNotContain(PASSWORD);
    }

    @Test
    @DisplayName("HD3: without the password Redis refuses the client, and load sends nothing")
    void withoutThePasswordRedisRefuses() {
        int exit = run(Map.of(), loadThroughRedis());

        assertThat(exit).isEqualTo(LoadCommand.PARTIAL_RUN);
        assertThat(out.toString() + err).containsAnyOf("NOAUTH", "Authentication required", "could not start");
        assertThat(out.toString()).doesNotContain("status_2xx  1").contains("0 attempts");
    }

    @Test
    @DisplayName("HD3: a password for the embedded Redis, or an empty file, is refused in the option's words")
    void aPasswordFileWithoutAnExternalRedisIsRefused() throws Exception {
        Path file = Files.writeString(folder.resolve("redis-password"), PASSWORD + "\n");
        Path empty = Files.writeString(folder.resolve("empty"), "\n");

        int embedded = run(Map.of(), "load", "--limiter", "sliding-log", "--redis-password-file", file.toString());
        int emptyFile = run(Map.of(), loadThroughRedis("--redis-password-file", empty.toString()));

        assertThat(embedded).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(emptyFile).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString())
                .contains("--redis-password-file is for --redis redis://host:port")
                .contains("--redis-password-file " + empty)
                .doesNotContain(PASSWORD);
    }

    @Test
    @DisplayName("RB2: --redis-failure-mode and --redis-outage-limit are refused in their own words when wrong")
    void badFailureOptionsAreRefusedByName() {
        int exit = run(
                Map.of(),
                "load",
                "--limiter",
                "sliding-log",
                "--redis-failure-mode",
                "maybe",
                "--redis-outage-limit",
                "11m");

        assertThat(exit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString()).contains("--redis-failure-mode must be closed, open or local, was 'maybe'");
        int limit = run(Map.of(), "load", "--limiter", "sliding-log", "--redis-outage-limit", "11m");
        assertThat(limit).isEqualTo(LoadCommand.INVALID_OPTIONS);
        assertThat(err.toString()).contains("--redis-outage-limit must be more than 0 and at most 10m, was 660000 ms");
    }
}
