package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SystemBrowserLauncherTest {

    private static final URI URL = URI.create("https://login.example.com/authorize?state=a;b&x=$(touch%20y)");

    /** The commands the launcher asked to start, answering each with {@code starts}. */
    private static final class Starts {
        final List<List<String>> commands = new ArrayList<>();
        final boolean starts;

        Starts(boolean starts) {
            this.starts = starts;
        }

        boolean start(List<String> command) {
            commands.add(command);
            return starts;
        }
    }

    @Test
    void browserVariableMayListSeveralCommandsAndTheFirstIsUsed() {
        assertThat(new SystemBrowserLauncher(Map.of("BROWSER", "firefox:chromium"), "Linux").browserCommand())
                .contains("firefox");
        assertThat(new SystemBrowserLauncher(Map.of("BROWSER", " firefox :chromium"), "Linux").browserCommand())
                .contains("firefox");
        assertThat(new SystemBrowserLauncher(Map.of("BROWSER", " "), "Linux").browserCommand())
                .isEmpty();
        assertThat(new SystemBrowserLauncher(Map.of("BROWSER", " :chromium"), "Linux").browserCommand())
                .isEmpty();
        assertThat(new SystemBrowserLauncher(Map.of(), "Linux").browserCommand())
                .isEmpty();
    }

    @Test
    void whenNoBrowserCanStartTheCallerIsToldSoToShowTheUrl() {
        // Headless tests (java.awt.headless=true), no $BROWSER, not Linux: nothing can be started.
        SystemBrowserLauncher launcher = new SystemBrowserLauncher(Map.of(), "plan9");

        assertThat(launcher.open(URI.create("https://login.example.com/authorize")))
                .isFalse();
    }

    @Test
    void aBrowserCommandThatDoesNotExistIsNotAStartedBrowser() {
        SystemBrowserLauncher launcher = new SystemBrowserLauncher(Map.of("BROWSER", "/nonexistent/browser"), "plan9");

        assertThat(launcher.open(URI.create("https://login.example.com/authorize")))
                .isFalse();
    }

    @Test
    void theDesktopBrowserComesFirstAndThenNothingElseIsStarted() {
        Starts starts = new Starts(true);
        List<URI> browsed = new ArrayList<>();
        SystemBrowserLauncher launcher = new SystemBrowserLauncher(
                Map.of("BROWSER", "firefox"), "Linux", url -> browsed.add(url), starts::start);

        assertThat(launcher.open(URL)).isTrue();
        assertThat(browsed).containsExactly(URL);
        assertThat(starts.commands).isEmpty();
    }

    @Test
    void withoutADesktopTheBrowserVariableGetsTheUrlAsItsOneArgument() {
        Starts starts = new Starts(true);
        SystemBrowserLauncher launcher =
                new SystemBrowserLauncher(Map.of("BROWSER", "firefox:chromium"), "Linux", url -> false, starts::start);

        assertThat(launcher.open(URL)).isTrue();
        assertThat(starts.commands).containsExactly(List.of("firefox", URL.toString()));
    }

    @Test
    void onLinuxXdgOpenIsTriedWhenTheBrowserVariableDoesNotStart() {
        Starts starts = new Starts(false);
        SystemBrowserLauncher launcher =
                new SystemBrowserLauncher(Map.of("BROWSER", "firefox"), "Linux", url -> false, starts::start);

        assertThat(launcher.open(URL)).isFalse();
        assertThat(starts.commands)
                .containsExactly(List.of("firefox", URL.toString()), List.of("xdg-open", URL.toString()));
    }

    @Test
    void onLinuxWithoutABrowserVariableXdgOpenIsTheBrowser() {
        Starts starts = new Starts(true);
        SystemBrowserLauncher launcher = new SystemBrowserLauncher(Map.of(), "Linux", url -> false, starts::start);

        assertThat(launcher.open(URL)).isTrue();
        assertThat(starts.commands).containsExactly(List.of("xdg-open", URL.toString()));
    }

    @Test
    void elsewhereThanLinuxXdgOpenIsNeverTried() {
        Starts starts = new Starts(true);
        SystemBrowserLauncher launcher = new SystemBrowserLauncher(Map.of(), "Mac OS X", url -> false, starts::start);

        assertThat(launcher.open(URL)).isFalse();
        assertThat(starts.commands).isEmpty();
    }

    @Test
    void aRealBrowserCommandStartsWithTheUrlAsOneArgumentAndNoShell(@TempDir Path dir) throws Exception {
        Path seen = dir.resolve("seen.txt");
        Path browser = dir.resolve("browser");
        Files.writeString(
                browser,
                "#!/bin/sh\nprintf '%s\\n' \"$#\" \"$1\" > \"" + seen + ".part\"\nmv \"" + seen + ".part\" \"" + seen
                        + "\"\n");
        Files.setPosixFilePermissions(browser, PosixFilePermissions.fromString("rwx------"));
        SystemBrowserLauncher launcher = new SystemBrowserLauncher(Map.of("BROWSER", browser.toString()), "plan9");

        assertThat(launcher.open(URL)).isTrue();
        assertThat(waitFor(seen, Duration.ofSeconds(30))).containsExactly("1", URL.toString());
    }

    private static List<String> waitFor(Path file, Duration limit) throws IOException, InterruptedException {
        long end = System.nanoTime() + limit.toNanos();
        while (!Files.exists(file) && System.nanoTime() < end) {
            Thread.sleep(20);
        }
        return Files.readAllLines(file);
    }
}
