package dev.stormwatch.testing;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.io.OutputStream;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;
import redis.clients.jedis.Jedis;

/**
 * Debian's redis-server 7 as an external Redis for tests: a password ({@code requirepass}) and {@code DEBUG} allowed
 * from loopback, so that a test can make it slow for real ({@code DEBUG SLEEP} blocks the whole server). Its
 * configuration goes in on stdin: the password is in no file and no command line. Skipped where it is not installed.
 */
public final class DebianRedis implements AutoCloseable {

    private static final Path SERVER = Path.of("/usr/bin/redis-server");

    private final Process process;
    private final int port;
    private final String password;

    private DebianRedis(Process process, int port, String password) {
        this.process = process;
        this.port = port;
        this.password = password;
    }

    /** Starts one on a free loopback port, or skips the test when Debian's redis-server is missing. */
    public static DebianRedis start(String password) throws IOException, InterruptedException {
        assumeTrue(Files.isExecutable(SERVER), "needs Debian's redis-server (apt-get install redis-server)");
        int port;
        try (ServerSocket probe = new ServerSocket(0)) {
            port = probe.getLocalPort();
        }
        Process process = new ProcessBuilder(SERVER.toString(), "-")
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (OutputStream config = process.getOutputStream()) {
            config.write(("port " + port + "\nbind 127.0.0.1\nrequirepass " + password
                            + "\nsave \"\"\nappendonly no\nenable-debug-command local\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
        while (true) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 500);
                return new DebianRedis(process, port, password);
            } catch (IOException notYet) {
                if (System.nanoTime() > deadline) {
                    process.destroyForcibly();
                    throw new IOException("redis-server did not listen on 127.0.0.1:" + port + " within 20 s");
                }
                Thread.sleep(100);
            }
        }
    }

    public int port() {
        return port;
    }

    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    /** A fresh authenticated connection, for a test's own commands. */
    public Jedis connect() {
        Jedis jedis = new Jedis("127.0.0.1", port, 10_000);
        jedis.auth(password);
        return jedis;
    }

    /** Blocks the whole server for {@code length}, as a slow disk, a fork or a long script would (DEBUG SLEEP). */
    public void sleep(Duration length) {
        try (Jedis jedis = connect()) {
            redis.clients.jedis.commands.ProtocolCommand debug = () -> "DEBUG".getBytes(StandardCharsets.US_ASCII);
            jedis.sendCommand(debug, "SLEEP", String.valueOf(length.toMillis() / 1000.0));
        }
    }

    @Override
    public void close() {
        process.destroy();
        try {
            if (!process.waitFor(10, TimeUnit.SECONDS)) {
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt(); // stopping anyway: keep the interrupt for the caller
        }
    }
}
