package dev.stormwatch.limit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import redis.embedded.RedisServer;

/**
 * A real {@code redis-server} from the binaries the embedded-redis artifact ships, on a loopback port, stopped on
 * {@link #close()}: the app's default shared limiter store and the tests' real Redis.
 *
 * <p>It keeps nothing on disk (no RDB, no AOF): limiter state is short-lived by nature. CONFIG, MODULE and DEBUG are
 * disabled, since any local user can connect to it.
 */
public final class EmbeddedRedis implements AutoCloseable {

    private final int port;
    private final List<String> settings;
    private final Path workDir;
    private static final int LOG_LINES = 20;
    private final List<String> log = new ArrayList<>();
    private RedisServer server;
    private ChildReaper reaper;
    /** One start at a time in this JVM, so that the new child process is the one just started. */
    private static final Object STARTING = new Object();

    private EmbeddedRedis(int port, List<String> settings, Path workDir) {
        this.port = port;
        this.settings = List.copyOf(settings);
        this.workDir = workDir;
    }

    /**
     * Starts a server on a free loopback port.
     *
     * @throws EmbeddedRedisException if the binary cannot be unpacked or started on this machine
     */
    public static EmbeddedRedis start() {
        return start(freeLoopbackPort(), List.of());
    }

    /**
     * Starts a server on the given loopback port with extra {@code redis.conf} lines (e.g. {@code cluster-enabled yes}).
     *
     * @throws EmbeddedRedisException if the binary cannot be unpacked or started on this machine
     */
    public static EmbeddedRedis start(int port, List<String> extraSettings) {
        Path workDir;
        try {
            workDir = Files.createTempDirectory("stormwatch-redis-" + port + "-");
        } catch (IOException e) {
            throw new EmbeddedRedisException("cannot create a working directory for redis-server: " + e.getMessage(), e);
        }
        List<String> settings = new ArrayList<>(List.of(
                "save \"\"", // no RDB snapshots: limiter state is short-lived
                "appendonly no",
                "dir " + workDir.toAbsolutePath(),
                "protected-mode yes",
                // No password, so any local user can connect: take away the commands that reach beyond limiter data
                // (CONFIG SET dir/dbfilename then SAVE writes files as this user; MODULE LOAD runs code; DEBUG).
                "rename-command CONFIG \"\"",
                "rename-command MODULE \"\"",
                "rename-command DEBUG \"\""));
        settings.addAll(extraSettings);
        EmbeddedRedis redis = new EmbeddedRedis(port, settings, workDir);
        redis.startServer();
        return redis;
    }

    /** Starts the server again on the same port after {@link #stop()} (tests that kill Redis mid-run, L9). */
    public synchronized void restart() {
        if (server != null && server.isActive()) {
            return;
        }
        startServer();
    }

    /** Stops the server, keeping the port for {@link #restart()}. */
    public synchronized void stop() {
        if (server == null) {
            return;
        }
        try {
            server.stop();
        } catch (IOException e) {
            throw new UncheckedIOException("cannot stop redis-server on port " + port, e);
        } finally {
            server = null;
            if (reaper != null) {
                reaper.close();
                reaper = null;
            }
        }
    }

    private synchronized void startServer() {
        try {
            log.clear();
            var builder = RedisServer.newRedisServer().bind("127.0.0.1").port(port)
                    .soutListener(this::remember).serrListener(this::remember);
            settings.forEach(builder::setting);
            RedisServer started = builder.build();
            synchronized (STARTING) {
                java.util.Set<Long> before = ChildReaper.children();
                started.start();
                // A JVM killed outright (kill -9, the X server gone) runs no hook: the reaper stops the server then.
                reaper = ChildReaper.watchNewChild(before, "redis-server");
            }
            server = started;
        } catch (IOException | RuntimeException e) {
            throw new EmbeddedRedisException("cannot start the embedded redis-server on 127.0.0.1:" + port + " ("
                    + e.getMessage() + "); use the in-memory limiter or give a Redis URL. Its log: " + recentLog(), e);
        }
    }

    private void remember(String line) {
        synchronized (log) {
            // The last lines say why a start failed; older ones are noise.
            if (log.size() == LOG_LINES) {
                log.remove(0);
            }
            log.add(line);
        }
    }

    /** The server's last log lines, for error reports. */
    public String recentLog() {
        synchronized (log) {
            return String.join(" | ", log);
        }
    }

    /** The loopback port. */
    public int port() {
        return port;
    }

    /** {@code redis://127.0.0.1:port}. */
    public String url() {
        return address().url();
    }

    /** The server's address. */
    public RedisAddress address() {
        return new RedisAddress("127.0.0.1", port);
    }

    /** True while a watcher stands ready to stop the server if this JVM dies without closing it. */
    synchronized boolean reaperWatching() {
        return reaper != null && reaper.watching();
    }

    /** The watcher's process, for tests. */
    synchronized java.util.Optional<ProcessHandle> reaperProcess() {
        return reaper == null ? java.util.Optional.empty() : reaper.process();
    }

    /** True while the server runs. */
    public synchronized boolean isRunning() {
        return server != null && server.isActive();
    }

    @Override
    public void close() {
        stop();
        deleteQuietly(workDir);
    }

    /** A port free on 127.0.0.1 right now (another process could take it before Redis binds; rare on loopback). */
    public static int freeLoopbackPort() {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new EmbeddedRedisException("no free port on 127.0.0.1: " + e.getMessage(), e);
        }
    }

    private static void deleteQuietly(Path dir) {
        try (var files = Files.walk(dir)) {
            files.sorted((a, b) -> b.getNameCount() - a.getNameCount()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // A leftover empty temp directory is harmless.
        }
    }

    @Override
    public String toString() {
        return "EmbeddedRedis[" + url() + (isRunning() ? ", running" : ", stopped") + ']';
    }
}
