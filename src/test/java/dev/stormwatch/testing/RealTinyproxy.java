package dev.stormwatch.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * Debian's tinyproxy, started for a test on a free loopback port with Basic proxy authentication ({@link #USER},
 * {@link #PASSWORD}) and its log in the given folder. The caller checks {@link #installed()} first and stops the
 * process it gets.
 */
public final class RealTinyproxy {

    public static final Path BINARY = Path.of("/usr/bin/tinyproxy");
    public static final String USER = "ada";
    public static final String PASSWORD = "s3cret-proxy";

    private RealTinyproxy() {}

    /** A started tinyproxy: its process, its port and its log file. */
    public record Started(Process process, int port, Path log) {}

    public static boolean installed() {
        return Files.isExecutable(BINARY);
    }

    /** Starts tinyproxy and waits (at most 10 s) until it accepts connections. */
    public static Started start(Path dir) throws IOException, InterruptedException {
        int port;
        try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
            port = free.getLocalPort();
        }
        Path conf = dir.resolve("tinyproxy.conf");
        Path log = dir.resolve("tinyproxy.log");
        Files.writeString(
                conf,
                String.join(
                        "\n",
                        "Port " + port,
                        "Listen 127.0.0.1",
                        "Timeout 30",
                        "MaxClients 10",
                        "Allow 127.0.0.1",
                        "LogLevel Info",
                        "BasicAuth " + USER + " " + PASSWORD,
                        ""));
        Process process = new ProcessBuilder(BINARY.toString(), "-d", "-c", conf.toString())
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            try (Socket probe = new Socket("127.0.0.1", port)) {
                probe.getInputStream(); // connected: tinyproxy listens
                return new Started(process, port, log);
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        process.destroyForcibly();
        throw new IllegalStateException("tinyproxy did not listen: " + Files.readString(log));
    }
}
