package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import java.net.URI;
import java.util.Map;
import org.junit.jupiter.api.Test;

class SystemBrowserLauncherTest {

    @Test
    void browserVariableMayListSeveralCommandsAndTheFirstIsUsed() {
        assertThat(new SystemBrowserLauncher(Map.of("BROWSER", "firefox:chromium"), "Linux").browserCommand())
                .contains("firefox");
        assertThat(new SystemBrowserLauncher(Map.of("BROWSER", " "), "Linux").browserCommand()).isEmpty();
    }

    @Test
    void whenNoBrowserCanStartTheCallerIsToldSoToShowTheUrl() {
        // Headless tests (java.awt.headless=true), no $BROWSER, not Linux: nothing can be started.
        SystemBrowserLauncher launcher = new SystemBrowserLauncher(Map.of(), "plan9");

        assertThat(launcher.open(URI.create("https://login.example.com/authorize"))).isFalse();
    }

    @Test
    void aBrowserCommandThatDoesNotExistIsNotAStartedBrowser() {
        SystemBrowserLauncher launcher = new SystemBrowserLauncher(Map.of("BROWSER", "/nonexistent/browser"), "plan9");

        assertThat(launcher.open(URI.create("https://login.example.com/authorize"))).isFalse();
    }
}
