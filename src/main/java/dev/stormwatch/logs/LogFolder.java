package dev.stormwatch.logs;

import java.nio.file.Path;
import java.util.Locale;
import java.util.Map;

/**
 * Where the log files go: the platform's folder for state a program keeps about itself, which is neither the user's
 * documents nor their settings (XDG Base Directory Specification §3, {@code $XDG_STATE_HOME}).
 */
public final class LogFolder {

    private LogFolder() {}

    /** The folder for this user on this machine. */
    public static Path forThisUser() {
        return of(System.getenv(), System.getProperty("os.name", ""), Path.of(System.getProperty("user.home")));
    }

    /**
     * The folder for an environment, an operating system name ({@code os.name}) and a home folder.
     *
     * <ul>
     *   <li>Windows: {@code %LOCALAPPDATA%\Stormwatch\logs} (machine-local, not roamed);
     *   <li>macOS: {@code ~/Library/Logs/Stormwatch}, where Console.app looks;
     *   <li>otherwise: {@code $XDG_STATE_HOME/stormwatch/logs}, else {@code ~/.local/state/stormwatch/logs}. A relative
     *       {@code XDG_STATE_HOME} is invalid and ignored, as the specification says.
     * </ul>
     */
    public static Path of(Map<String, String> env, String osName, Path home) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            String local = env.get("LOCALAPPDATA");
            Path base = local != null && !local.isBlank()
                    ? Path.of(local)
                    : home.resolve("AppData").resolve("Local");
            return base.resolve("Stormwatch").resolve("logs");
        }
        if (os.startsWith("mac")) {
            return home.resolve("Library").resolve("Logs").resolve("Stormwatch");
        }
        String state = env.get("XDG_STATE_HOME");
        Path base = state != null && !state.isBlank() && Path.of(state).isAbsolute()
                ? Path.of(state)
                : home.resolve(".local").resolve("state");
        return base.resolve("stormwatch").resolve("logs");
    }
}
