package dev.stormwatch.testing;

import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Debian's real Chromium for the tests that drive it (a HAR recorded through its DevTools protocol, the signed-in
 * page's address): where it is, and the DevTools port a headless one started with {@code --remote-debugging-port=0}
 * chose.
 */
public final class DebianChromium {

    private DebianChromium() {}

    /** The first chromium (or chromium-browser, google-chrome) on the PATH; empty when none is installed. */
    public static Optional<Path> find() {
        for (String dir : System.getenv().getOrDefault("PATH", "").split(File.pathSeparator)) {
            for (String name : List.of("chromium", "chromium-browser", "google-chrome")) {
                Path candidate = Path.of(dir.isEmpty() ? "." : dir, name);
                if (Files.isExecutable(candidate)) {
                    return Optional.of(candidate);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * Starts {@code chromium} headless on {@code url}, with its DevTools endpoint on a free loopback port (read it
     * with {@link #devToolsPort}), its profile in {@code profile} and its output in {@code log}. The caller stops it
     * with {@link #stop}.
     */
    public static Process startHeadless(Path chromium, Path profile, String url, Path log) throws IOException {
        return new ProcessBuilder(
                        chromium.toString(),
                        "--headless",
                        "--no-sandbox",
                        "--disable-gpu",
                        "--no-first-run",
                        "--no-default-browser-check",
                        "--disable-extensions",
                        "--remote-debugging-address=127.0.0.1",
                        "--remote-debugging-port=0",
                        "--user-data-dir=" + profile,
                        url)
                .redirectErrorStream(true)
                .redirectOutput(log.toFile())
                .start();
    }

    /** The DevTools port the browser wrote into its profile's {@code DevToolsActivePort}, within 30 s. */
    public static int devToolsPort(Path profile, Process browser) throws IOException, InterruptedException {
        Path file = profile.resolve("DevToolsActivePort");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
        while (System.nanoTime() < deadline) {
            if (!browser.isAlive()) {
                throw new IOException("chromium exited with " + browser.exitValue());
            }
            if (Files.exists(file)) {
                List<String> lines = Files.readAllLines(file);
                if (!lines.isEmpty() && !lines.get(0).isBlank()) {
                    return Integer.parseInt(lines.get(0).strip());
                }
            }
            Thread.sleep(100);
        }
        throw new IOException("chromium wrote no DevToolsActivePort within 30 s");
    }

    /**
     * Stops the browser and every process it started: SIGTERM first, so that it ends its renderers and stops writing
     * its profile (a test's temporary folder is deleted next); whatever is left after 10 s is killed and waited for.
     */
    public static void stop(Process browser) throws InterruptedException {
        java.util.List<ProcessHandle> children = browser.descendants().toList();
        browser.destroy();
        if (!browser.waitFor(10, TimeUnit.SECONDS)) {
            browser.destroyForcibly();
            browser.waitFor(10, TimeUnit.SECONDS);
        }
        for (ProcessHandle child : children) {
            child.destroyForcibly();
            try {
                child.onExit().get(10, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException | java.util.concurrent.TimeoutException e) {
                // gone or stuck: the caller's clean-up says so if it matters
            }
        }
    }
}
