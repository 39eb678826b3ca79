package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

/**
 * HD3: {@code stormwatch limit} against an external Redis that requires a password: Debian's redis-server 7 with
 * {@code requirepass}, its configuration given on stdin so the password is in no file and no command line.
 */
class ExternalRedisPasswordTest {

    private static final String PASSWORD = "Zq4v8Lr2Kp6Xw1Nc";
    private static Process server;
    private static int port;

    @TempDir
    Path folder;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeAll
    static void startRedis() throws Exception {
        assumeTrue(
                Files.isExecutable(Path.of("/usr/bin/redis-server")),
                "needs Debian's redis-server (apt-get install redis-server)");
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        server = new ProcessBuilder("redis-server", "-")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (OutputStream config = server.getOutputStream()) {
            config.write(("port " + port + "\nbind 127.0.0.1\nrequirepass " + PASSWORD + "\nsave \"\"\nappendonly no\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return;
            } catch (IOException notYet) {
                assertThat(System.nanoTime())
                        .as("redis-server listens within 20 s")
                        .isLessThan(deadline);
                Thread.sleep(100);
            }
        }
    }

    @AfterAll
    static void stopRedis() throws Exception {
        if (server != null) {
            server.destroy();
            server.waitFor(10, TimeUnit.SECONDS);
        }
    }

    private int run(Map<String, String> environment, String... args) {
        CommandLine cli = new CommandLine(new LimitCommand(environment::get)).setCaseInsensitiveEnumValuesAllowed(true);
        cli.setOut(new PrintWriter(out, true));
        cli.setErr(new PrintWriter(err, true));
        return cli.execute(args);
    }

    private String url() {
        return "redis://127.0.0.1:" + port;
    }

    @Test
    @DisplayName("HD3: with --redis-password-file, limit decides on the external Redis, and never shows the password")
    void passwordFromAFileReachesRedis() throws Exception {
        Path file = Files.writeString(folder.resolve("redis-password"), PASSWORD + "\n");

        int exit = run(
                Map.of(),
                "--redis",
                url(),
                "--redis-password-file",
                file.toString(),
                "--failure-mode",
                "fail_closed",
                "--limit",
                "1",
                "--requests",
                "2",
                "--principal",
                "file");

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains("#1   allowed  in window 1    [backend]")
                .containsPattern("#2   refused .*\\[backend\\]");
        assertThat(out.toString() + err).doesNotContain(PASSWORD);
    }

    @Test
    @DisplayName("HD3: without --redis-password-file, the password comes from STORMWATCH_REDIS_PASSWORD")
    void passwordFromTheEnvironmentReachesRedis() {
        int exit = run(
                Map.of(LimitCommand.REDIS_PASSWORD_VARIABLE, PASSWORD),
                "--redis",
                url(),
                "--failure-mode",
                "fail_closed",
                "--limit",
                "1",
                "--requests",
                "1",
                "--principal",
                "env");

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("#1   allowed  in window 1    [backend]");
        assertThat(out.toString() + err).doesNotContain(PASSWORD);
    }

    @Test
    @DisplayName("HD3: Redis refuses a client without the password: no decision comes from it")
    void withoutThePasswordRedisRefuses() {
        int exit = run(
                Map.of(),
                "--redis",
                url(),
                "--failure-mode",
                "fail_closed",
                "--limit",
                "5",
                "--requests",
                "1",
                "--principal",
                "none");

        assertThat(out.toString()).doesNotContainPattern("#1 .*\\[backend\\]");
        assertThat(exit == 0 ? out.toString() : err.toString())
                .as("exit %d, out %s, err %s", exit, out, err)
                .containsAnyOf("#1   refused", "NOAUTH", "password");
    }

    @Test
    @DisplayName("HD3: an empty or unreadable password file is refused in the option's words, before any request")
    void aBadPasswordFileIsRefusedByName() throws Exception {
        Path empty = Files.writeString(folder.resolve("empty"), "\n");

        int emptyExit = run(Map.of(), "--redis", url(), "--redis-password-file", empty.toString());
        int missingExit = run(
                Map.of(),
                "--redis",
                url(),
                "--redis-password-file",
                folder.resolve("nope").toString());

        assertThat(emptyExit).isNotZero();
        assertThat(missingExit).isNotZero();
        assertThat(err.toString())
                .contains("--redis-password-file " + empty)
                .contains("--redis-password-file " + folder.resolve("nope") + " cannot be read (NoSuchFileException)");
    }
}
