package dev.stormwatch.limit;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.List;
import redis.clients.jedis.DefaultJedisClientConfig;
import redis.clients.jedis.JedisClientConfig;
import redis.embedded.RedisServer;

/**
 * A real {@code redis-server} on a loopback port, stopped on {@link #close()}: the app's default shared limiter store and the tests' real Redis. The binary is a {@code redis-server} 7+ from the PATH, else the one the
 * embedded-redis artifact ships ({@link RedisBinary}).
 *
 * <p>Any local user can reach a loopback port, so the server requires a fresh random password on every
 * {@link #start()}; it is written only into a redis.conf readable by this user alone and sent by the
 * adapters this class hands out ({@link #connect}, {@link #clientConfig}), never printed. It keeps nothing on disk
 * (no RDB, no AOF): limiter state is short-lived by nature. CONFIG, MODULE and DEBUG are disabled as well, in case the
 * password ever leaks.
 */
public final class EmbeddedRedis implements AutoCloseable {

    private final int port;
    private final List<String> settings;
    private final Path workDir;
    private final RedisPassword password;
    private final RedisBinary binary;
    private static final int LOG_LINES = 20;
    private final List<String> log = new ArrayList<>();
    private RedisServer server;
    private ChildReaper reaper;
    /** One start at a time in this JVM, so that the new child process is the one just started. */
    private static final Object STARTING = new Object();

    private EmbeddedRedis(int port, List<String> settings, Path workDir, RedisPassword password, RedisBinary binary) {
        this.port = port;
        this.settings = List.copyOf(settings);
        this.workDir = workDir;
        this.password = password;
        this.binary = binary;
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
        return start(port, extraSettings, RedisPassword.random(new SecureRandom()));
    }

    /**
     * As {@link #start(int, List)} with a given password: the nodes of one test cluster share one, since a cluster
     * client sends the same AUTH to every node.
     */
    static EmbeddedRedis start(int port, List<String> extraSettings, RedisPassword password) {
        RedisBinary binary = RedisBinary.find();
        Path workDir;
        try {
            workDir = Files.createTempDirectory("stormwatch-redis-" + port + "-");
        } catch (IOException e) {
            throw new EmbeddedRedisException(
                    "cannot create a working directory for redis-server: " + e.getMessage(), e);
        }
        List<String> settings = new ArrayList<>(List.of(
                "bind 127.0.0.1",
                "port " + port,
                "save \"\"", // no RDB snapshots: limiter state is short-lived
                "appendonly no",
                "dir " + workDir.toAbsolutePath(),
                "protected-mode yes",
                "requirepass " + password.reveal(),
                // Should the password leak, take away the commands that reach beyond limiter data
                // (CONFIG SET dir/dbfilename then SAVE writes files as this user; MODULE LOAD runs code; DEBUG).
                "rename-command CONFIG \"\"",
                "rename-command MODULE \"\"",
                "rename-command DEBUG \"\""));
        settings.addAll(extraSettings);
        EmbeddedRedis redis = new EmbeddedRedis(port, settings, workDir, password, binary);
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
            // Our own redis.conf, owner-only in our owner-only folder: the library's builder would write the
            // password into a world-readable file in the shared temp folder, and argv is visible to every user.
            Path config = writeConfig();
            RedisServer started = new RedisServer(
                    port,
                    List.of(binary.executable().toString(), config.toString()),
                    false,
                    this::remember,
                    this::remember);
            synchronized (STARTING) {
                java.util.Set<Long> before = ChildReaper.children();
                started.start();
                // A JVM killed outright (kill -9, the X server gone) runs no hook: the reaper stops the server then.
                reaper = ChildReaper.watchNewChild(before, realFileName(binary.executable()), "redis-server");
            }
            server = started;
        } catch (IOException | RuntimeException e) {
            throw new EmbeddedRedisException(
                    "cannot start the embedded redis-server on 127.0.0.1:" + port + " (" + e.getMessage()
                            + "); use the in-memory limiter or give a Redis URL. Its log: " + recentLog(),
                    e);
        }
    }

    /** The file a link leads to (Debian's redis-server is a link to redis-check-rdb): what the JVM sees run. */
    private static String realFileName(Path executable) {
        try {
            return executable.toRealPath().getFileName().toString();
        } catch (IOException e) {
            return executable.getFileName().toString();
        }
    }

    private Path writeConfig() throws IOException {
        Path config = workDir.resolve("redis.conf");
        Files.deleteIfExists(config);
        try {
            Files.createFile(
                    config, PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("rw-------")));
        } catch (UnsupportedOperationException notPosix) {
            Files.createFile(config); // the temporary folder is still this user's own
        }
        Files.write(config, settings, StandardOpenOption.TRUNCATE_EXISTING);
        return config;
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

    /** Which binary runs, its version and why (for {@code stormwatch limit} and the app). */
    public RedisBinary binary() {
        return binary;
    }

    /** This server's password; prints as {@code [redacted]}. */
    public RedisPassword password() {
        return password;
    }

    /** A pooled limiter port on this server that authenticates with its password. */
    public JedisPooledPort connect(RedisClientSettings clientSettings) {
        return JedisPooledPort.connect(address(), java.util.Optional.of(password), clientSettings);
    }

    /** A Jedis client configuration that authenticates, for raw clients (tests, benchmarks) on this server. */
    public JedisClientConfig clientConfig() {
        return DefaultJedisClientConfig.builder().password(password.reveal()).build();
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
            files.sorted((a, b) -> b.getNameCount() - a.getNameCount())
                    .forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // A leftover empty temp directory is harmless.
        }
    }

    @Override
    public String toString() {
        return "EmbeddedRedis[" + url() + (isRunning() ? ", running" : ", stopped") + ']';
    }
}
