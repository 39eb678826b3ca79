package dev.stormwatch.diagnose;

import java.io.File;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Debian's nginx started by a test: its own prefix in a temporary folder, a configuration written by the test, one
 * port on 127.0.0.1, in the foreground, stopped when the test ends.
 */
@SuppressWarnings("try") // close() waits for nginx to stop; an interrupt while it waits must reach the test as one
public final class RealNginx implements AutoCloseable {

    private final Process process;
    private final Path prefix;
    private final int port;

    private RealNginx(Process process, Path prefix, int port) {
        this.process = process;
        this.prefix = prefix;
        this.port = port;
    }

    /** The nginx binary on PATH (or in the sbin folders, which a non-login shell may leave out of PATH). */
    public static Optional<Path> binary() {
        String path = System.getenv().getOrDefault("PATH", "") + File.pathSeparator + "/usr/sbin" + File.pathSeparator
                + "/usr/local/sbin";
        for (String dir : path.split(File.pathSeparator)) {
            if (dir.isEmpty()) {
                continue;
            }
            Path candidate = Path.of(dir, "nginx");
            if (Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /**
     * Starts nginx with {@code httpBlock} as the body of its {@code http} block; {@code PORT} in it is replaced by a
     * free loopback port.
     */
    public static RealNginx start(Path nginx, Path prefix, String httpBlock) throws IOException, InterruptedException {
        int port;
        try (ServerSocket probe = new ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
            port = probe.getLocalPort();
        }
        Files.createDirectories(prefix.resolve("logs"));
        Files.createDirectories(prefix.resolve("conf"));
        String conf = "worker_processes 1;\n"
                + "daemon off;\n"
                + "error_log logs/error.log warn;\n"
                + "pid logs/nginx.pid;\n"
                + "events { worker_connections 512; }\n"
                + "http {\n"
                + "  client_body_temp_path tmp/body;\n  proxy_temp_path tmp/proxy;\n  fastcgi_temp_path tmp/fastcgi;\n"
                + "  uwsgi_temp_path tmp/uwsgi;\n  scgi_temp_path tmp/scgi;\n"
                + httpBlock.replace("PORT", Integer.toString(port)) + "\n}\n";
        Files.createDirectories(prefix.resolve("tmp"));
        Files.writeString(prefix.resolve("conf/nginx.conf"), conf, StandardCharsets.UTF_8);
        Process process = new ProcessBuilder(nginx.toString(), "-p", prefix.toString() + "/", "-c", "conf/nginx.conf")
                .redirectErrorStream(true)
                .redirectOutput(prefix.resolve("logs/stdout.log").toFile())
                .start();
        RealNginx server = new RealNginx(process, prefix, port);
        server.awaitListening(Duration.ofSeconds(10));
        return server;
    }

    private void awaitListening(Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IOException("nginx exited with " + process.exitValue() + ": "
                        + Files.readString(prefix.resolve("logs/stdout.log")) + readIfExists("logs/error.log"));
            }
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                Thread.sleep(50);
            }
        }
        throw new IOException("nginx did not listen on 127.0.0.1:" + port + " within " + timeout);
    }

    private String readIfExists(String file) throws IOException {
        Path p = prefix.resolve(file);
        return Files.exists(p) ? Files.readString(p) : "";
    }

    public int port() {
        return port;
    }

    public Path prefix() {
        return prefix;
    }

    @Override
    public void close() throws InterruptedException {
        process.destroy();
        if (!process.waitFor(10, TimeUnit.SECONDS)) {
            process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
        }
    }
}
