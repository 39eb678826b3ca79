package dev.stormwatch.app.shell;

import java.io.IOException;
import java.io.Reader;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Properties;
import javafx.geometry.Rectangle2D;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The window's preferences as a small properties file in the user's config folder (UI1): {@code
 * $XDG_CONFIG_HOME/stormwatch} or {@code ~/.config/stormwatch} on Linux, {@code ~/Library/Application
 * Support/Stormwatch} on macOS, {@code %APPDATA%\Stormwatch} on Windows. A value that cannot be read is ignored on its
 * own (the others are kept); a file that cannot be written costs the memory, never the window. See decision 0017.
 */
public final class FilePreferencesStore implements PreferencesStore {

    private static final Logger LOG = LoggerFactory.getLogger(FilePreferencesStore.class);
    static final String FILE_NAME = "window.properties";

    private final Path file;

    public FilePreferencesStore(Path file) {
        this.file = file;
    }

    /** The store in this user's config folder. */
    public static FilePreferencesStore forThisUser() {
        return new FilePreferencesStore(configFolder(
                        System.getenv(),
                        System.getProperty("os.name", ""),
                        Path.of(System.getProperty("user.home", ".")))
                .resolve(FILE_NAME));
    }

    /** The user's config folder for Stormwatch, by the conventions of each desktop. */
    static Path configFolder(Map<String, String> env, String osName, Path home) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.contains("win")) {
            String appData = env.get("APPDATA");
            return (appData == null || appData.isBlank()
                            ? home.resolve("AppData").resolve("Roaming")
                            : Path.of(appData))
                    .resolve("Stormwatch");
        }
        if (os.contains("mac")) {
            return home.resolve("Library").resolve("Application Support").resolve("Stormwatch");
        }
        String xdg = env.get("XDG_CONFIG_HOME");
        // The XDG spec: a relative XDG_CONFIG_HOME is invalid and is ignored.
        Path base = xdg != null && !xdg.isBlank() && Path.of(xdg).isAbsolute() ? Path.of(xdg) : home.resolve(".config");
        return base.resolve("stormwatch");
    }

    public Path file() {
        return file;
    }

    @Override
    public WindowPreferences load() {
        if (!Files.isRegularFile(file)) {
            return WindowPreferences.FIRST_RUN;
        }
        Properties p = new Properties();
        try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
            p.load(in);
        } catch (IOException | IllegalArgumentException e) {
            LOG.warn("window preferences in {} could not be read ({}); using the defaults", file, e.getMessage());
            return WindowPreferences.FIRST_RUN;
        }
        Theme theme = WindowPreferences.FIRST_RUN.theme();
        try {
            theme = Theme.valueOf(p.getProperty("theme", theme.name()).trim().toUpperCase(Locale.ROOT));
        } catch (IllegalArgumentException e) {
            // an unknown theme name: keep the default and the rest of the file
        }
        Optional<Rectangle2D> bounds = Optional.empty();
        try {
            double x = Double.parseDouble(p.getProperty("x", ""));
            double y = Double.parseDouble(p.getProperty("y", ""));
            double w = Double.parseDouble(p.getProperty("width", ""));
            double h = Double.parseDouble(p.getProperty("height", ""));
            if (Double.isFinite(x)
                    && Double.isFinite(y)
                    && w > 0
                    && h > 0
                    && Double.isFinite(w)
                    && Double.isFinite(h)) {
                bounds = Optional.of(new Rectangle2D(x, y, w, h));
            }
        } catch (NumberFormatException e) {
            // no place or a damaged one: the window opens centred
        }
        return new WindowPreferences(
                bounds, Boolean.parseBoolean(p.getProperty("maximized", "false").trim()), theme);
    }

    @Override
    public void save(WindowPreferences preferences) {
        Properties p = new Properties();
        p.setProperty("theme", preferences.theme().name().toLowerCase(Locale.ROOT));
        p.setProperty("maximized", Boolean.toString(preferences.maximized()));
        preferences.bounds().ifPresent(b -> {
            p.setProperty("x", Long.toString(Math.round(b.getMinX())));
            p.setProperty("y", Long.toString(Math.round(b.getMinY())));
            p.setProperty("width", Long.toString(Math.round(b.getWidth())));
            p.setProperty("height", Long.toString(Math.round(b.getHeight())));
        });
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            Path next = file.resolveSibling(FILE_NAME + ".new");
            try (Writer out = Files.newBufferedWriter(next, StandardCharsets.UTF_8)) {
                p.store(out, "Stormwatch window: place, size and theme");
            }
            try {
                Files.move(next, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(next, file, StandardCopyOption.REPLACE_EXISTING);
            }
        } catch (IOException e) {
            LOG.warn("window preferences could not be saved to {}: {}", file, e.getMessage());
        }
    }
}
