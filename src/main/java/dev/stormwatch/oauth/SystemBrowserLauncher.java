package dev.stormwatch.oauth;

import java.awt.Desktop;
import java.awt.GraphicsEnvironment;
import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.function.Predicate;

/**
 * The system browser (RFC 8252 §6): the Desktop API where it works, else {@code $BROWSER}, else {@code xdg-open}
 * on Linux. Returns false when none starts, so the URL is shown to the user instead.
 */
public final class SystemBrowserLauncher implements BrowserLauncher {

    private final Map<String, String> environment;
    private final String osName;
    private final Predicate<URI> desktop;
    private final Predicate<List<String>> starter;

    /** The launcher for this machine. */
    public SystemBrowserLauncher() {
        this(System.getenv(), System.getProperty("os.name", ""));
    }

    SystemBrowserLauncher(Map<String, String> environment, String osName) {
        this(environment, osName, SystemBrowserLauncher::openWithDesktop, SystemBrowserLauncher::start);
    }

    /**
     * A test seam: {@code desktop} stands for the Desktop API (which a headless test cannot reach) and
     * {@code starter} for starting a process, so the order of the fallbacks can be checked without a browser.
     */
    SystemBrowserLauncher(
            Map<String, String> environment, String osName, Predicate<URI> desktop, Predicate<List<String>> starter) {
        this.environment = environment;
        this.osName = osName.toLowerCase(Locale.ROOT);
        this.desktop = desktop;
        this.starter = starter;
    }

    @Override
    public boolean startBrowser(URI url) {
        return desktop.test(url)
                || browserCommand()
                        .map(command -> starter.test(List.of(command, url.toString())))
                        .orElse(false)
                || (osName.contains("linux") && starter.test(List.of("xdg-open", url.toString())));
    }

    /** $BROWSER may list several commands separated by ':' (the sensible-browser convention); the first is used. */
    Optional<String> browserCommand() {
        String value = environment.get("BROWSER");
        if (value == null || value.isBlank()) {
            return Optional.empty();
        }
        return Optional.of(value.split(":")[0].trim()).filter(s -> !s.isEmpty());
    }

    private static boolean openWithDesktop(URI url) {
        try {
            if (GraphicsEnvironment.isHeadless()
                    || !Desktop.isDesktopSupported()
                    || !Desktop.getDesktop().isSupported(Desktop.Action.BROWSE)) {
                return false;
            }
            Desktop.getDesktop().browse(url);
            return true;
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return false;
        }
    }

    private static boolean start(List<String> command) {
        try {
            // The URL is one argument, never passed through a shell, so it cannot inject a command.
            new ProcessBuilder(command)
                    .redirectErrorStream(true)
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return true;
        } catch (IOException | SecurityException e) {
            return false;
        }
    }
}
