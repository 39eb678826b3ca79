package dev.stormwatch.app.shell;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;

/**
 * What the desktop prefers, light or dark (UI2). JavaFX 21 does not say, so the signals a desktop leaves are read:
 * {@code GTK_THEME} (a theme name, or {@code name:dark}), GNOME's {@code color-scheme} and {@code gtk-theme}
 * settings, macOS's {@code AppleInterfaceStyle}, and Windows's {@code AppsUseLightTheme} in the registry (UI7). Where
 * none answers, light.
 */
public final class SystemTheme {

    /** Where Windows keeps the apps' light or dark mode, as {@code reg query} names the key. */
    static final String WINDOWS_PERSONALIZE_KEY =
            "HKCU\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize";

    /** Runs a short query command and returns its output, or empty when it cannot run. */
    public interface Query extends Function<List<String>, Optional<String>> {}

    private final Map<String, String> env;
    private final String osName;
    private final Query query;

    public SystemTheme(Map<String, String> env, String osName, Query query) {
        this.env = env;
        this.osName = osName;
        this.query = query;
    }

    /** This process's environment and desktop. */
    public static SystemTheme ofThisDesktop() {
        return new SystemTheme(System.getenv(), System.getProperty("os.name", ""), SystemTheme::run);
    }

    /** DARK or LIGHT. */
    public Theme preference() {
        String gtkTheme = env.getOrDefault("GTK_THEME", "").toLowerCase(Locale.ROOT);
        if (!gtkTheme.isBlank()) {
            // GTK_THEME wins over the settings for GTK itself, so it does here too.
            return gtkTheme.endsWith(":dark") || gtkTheme.contains("dark") ? Theme.DARK : Theme.LIGHT;
        }
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.contains("mac")) {
            return query.apply(List.of("defaults", "read", "-g", "AppleInterfaceStyle"))
                    .filter(style -> style.trim().equalsIgnoreCase("dark"))
                    .map(style -> Theme.DARK)
                    .orElse(Theme.LIGHT);
        }
        if (os.contains("windows")) {
            // UI7: Settings > Personalisation > Colours > "Choose your app mode" writes AppsUseLightTheme: 0 is dark.
            return query.apply(List.of("reg", "query", WINDOWS_PERSONALIZE_KEY, "/v", "AppsUseLightTheme"))
                    .flatMap(SystemTheme::appsUseLightTheme)
                    .map(light -> light == 0 ? Theme.DARK : Theme.LIGHT)
                    .orElse(Theme.LIGHT);
        }
        if (os.contains("linux") || os.contains("bsd")) {
            Optional<String> scheme =
                    query.apply(List.of("gsettings", "get", "org.gnome.desktop.interface", "color-scheme"));
            if (scheme.isPresent() && scheme.get().contains("prefer-dark")) {
                return Theme.DARK;
            }
            if (scheme.isPresent() && scheme.get().contains("prefer-light")) {
                return Theme.LIGHT;
            }
            // Older GNOME and other GTK desktops name a dark theme ("Adwaita-dark") instead.
            return query.apply(List.of("gsettings", "get", "org.gnome.desktop.interface", "gtk-theme"))
                    .filter(theme -> theme.toLowerCase(Locale.ROOT).contains("dark"))
                    .map(theme -> Theme.DARK)
                    .orElse(Theme.LIGHT);
        }
        return Theme.LIGHT;
    }

    /**
     * The value of {@code AppsUseLightTheme} in {@code reg query}'s answer, a line such as
     * {@code "    AppsUseLightTheme    REG_DWORD    0x0"}; empty when the answer has no such line or its value is not a
     * DWORD (an older Windows without the value, or an answer in a shape we do not know).
     */
    static Optional<Long> appsUseLightTheme(String answer) {
        for (String line : answer.split("\\R")) {
            String[] words = line.trim().split("\\s+");
            if (words.length == 3
                    && words[0].equalsIgnoreCase("AppsUseLightTheme")
                    && words[1].equalsIgnoreCase("REG_DWORD")
                    && words[2].toLowerCase(Locale.ROOT).startsWith("0x")) {
                try {
                    return Optional.of(Long.parseLong(words[2].substring(2), 16));
                } catch (NumberFormatException e) {
                    return Optional.empty(); // "0x" followed by something else: not a value we can read
                }
            }
        }
        return Optional.empty();
    }

    /** Runs a command for at most a second; no output, an error or a missing program is empty. */
    private static Optional<String> run(List<String> command) {
        try {
            Process process = new ProcessBuilder(command)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            try (InputStream out = process.getInputStream()) {
                if (!process.waitFor(1, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    return Optional.empty();
                }
                String text = new String(out.readAllBytes(), StandardCharsets.UTF_8).trim();
                return process.exitValue() == 0 && !text.isEmpty() ? Optional.of(text) : Optional.empty();
            }
        } catch (IOException e) {
            return Optional.empty(); // the program is not installed here
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
    }
}
