package dev.stormwatch.limit;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.function.Supplier;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import redis.embedded.core.ExecutableProvider;

/**
 * Which {@code redis-server} the embedded Redis runs, its version, and why it was chosen. A server found on
 * the PATH is preferred when it is 7.0 or newer (Debian's is 7.0.x and gets security fixes); otherwise the binary the
 * embedded-redis artifact ships (6.2.x, with public Lua vulnerabilities such as CVE-2024-31449, which is why the
 * embedded Redis always requires a password).
 *
 * @param executable the binary
 * @param version    what {@code redis-server --version} said, e.g. {@code 7.0.15}, or {@code unknown}
 * @param origin     where it came from
 * @param reason     one sentence saying why this one runs
 */
public record RedisBinary(Path executable, String version, Origin origin, String reason) {

    /** Where a binary came from. */
    public enum Origin {
        /** Found on the PATH. */
        PATH,
        /** Shipped inside the embedded-redis artifact. */
        BUNDLED
    }

    /** The oldest major version taken from the PATH: 7.0 is the oldest line Redis still fixes. */
    static final int MIN_MAJOR = 7;

    private static final String NAME = "redis-server";
    private static final Pattern VERSION = Pattern.compile("v=(\\d+)\\.(\\d+)(?:\\.(\\d+))?");
    private static final long VERSION_TIMEOUT_SECONDS = 5;

    /** Finds the binary for this machine: the PATH's when new enough, else the bundled one. */
    public static RedisBinary find() {
        return choose(onPath(System.getenv("PATH")), RedisBinary::versionOf, RedisBinary::bundled);
    }

    /**
     * The rule, with its inputs injected: {@code onPath} is a {@code redis-server} on the PATH if any, {@code versionOf}
     * asks a binary its version, {@code bundled} unpacks the artifact's binary (only called when needed).
     */
    static RedisBinary choose(
            Optional<Path> onPath, Function<Path, Optional<String>> versionOf, Supplier<Path> bundled) {
        String why;
        if (onPath.isEmpty()) {
            why = "no redis-server on the PATH";
        } else {
            Optional<String> version = versionOf.apply(onPath.get());
            if (version.isEmpty()) {
                why = "the redis-server on the PATH did not say its version";
            } else if (major(version.get()) < MIN_MAJOR) {
                why = "the redis-server on the PATH is " + version.get() + ", older than " + MIN_MAJOR + ".0";
            } else {
                return new RedisBinary(
                        onPath.get(),
                        version.get(),
                        Origin.PATH,
                        "redis-server " + version.get() + " on the PATH is " + MIN_MAJOR + ".0 or newer");
            }
        }
        Path binary = bundled.get();
        String version = versionOf.apply(binary).orElse("unknown");
        return new RedisBinary(
                binary,
                version,
                Origin.BUNDLED,
                why + ": using the embedded-redis artifact's binary (install redis-server 7 or newer to replace it)");
    }

    /** One line for the CLI and the app: {@code redis-server 7.0.15 from the PATH (...)}: why. */
    public String describe() {
        return "redis-server " + version + (origin == Origin.PATH ? " from the PATH (" : " bundled (") + executable
                + "); " + reason;
    }

    static int major(String version) {
        Matcher m = Pattern.compile("^(\\d+)").matcher(version);
        return m.find() ? Integer.parseInt(m.group(1)) : -1;
    }

    /** The first executable {@code redis-server} in the PATH's folders. */
    static Optional<Path> onPath(String path) {
        if (path == null || path.isBlank()) {
            return Optional.empty();
        }
        for (String dir : path.split(Pattern.quote(File.pathSeparator))) {
            if (dir.isBlank()) {
                continue; // an empty entry means the working directory: never run a binary from there
            }
            Path candidate = Path.of(dir, NAME);
            if (Files.isRegularFile(candidate) && Files.isExecutable(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    /** Runs {@code binary --version} and reads {@code v=X.Y.Z}; empty when it fails, hangs or says something else. */
    static Optional<String> versionOf(Path binary) {
        try {
            Process process = new ProcessBuilder(binary.toString(), "--version")
                    .redirectErrorStream(true)
                    .start();
            process.getOutputStream().close();
            String output;
            try (InputStream in = process.getInputStream()) {
                output = new String(in.readNBytes(4096), StandardCharsets.UTF_8);
            }
            if (!process.waitFor(VERSION_TIMEOUT_SECONDS, TimeUnit.SECONDS)) {
                process.destroyForcibly();
                return Optional.empty();
            }
            return parseVersion(output);
        } catch (IOException e) {
            return Optional.empty();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }

    /** {@code 7.0.15} from {@code Redis server v=7.0.15 sha=...}. */
    static Optional<String> parseVersion(String output) {
        Matcher m = VERSION.matcher(output);
        if (!m.find()) {
            return Optional.empty();
        }
        return Optional.of(m.group(1) + '.' + m.group(2) + (m.group(3) == null ? "" : "." + m.group(3)));
    }

    private static Path bundled() {
        try {
            return ExecutableProvider.newJarResourceProvider().get().toPath();
        } catch (IOException | RuntimeException e) {
            throw new EmbeddedRedisException("cannot unpack the bundled redis-server: " + e.getMessage(), e);
        }
    }
}
