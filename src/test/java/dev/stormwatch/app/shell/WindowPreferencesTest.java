package dev.stormwatch.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javafx.geometry.Rectangle2D;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class WindowPreferencesTest {

    private static final Rectangle2D SCREEN = new Rectangle2D(0, 0, 1920, 1080);

    @TempDir
    Path dir;

    @Test
    @DisplayName("UI1: place, size, maximised and theme come back from the file they were saved to")
    void savedPreferencesComeBack() {
        Path file = dir.resolve("stormwatch").resolve("window.properties");
        WindowPreferences saved =
                WindowPreferences.FIRST_RUN.withTheme(Theme.DARK).withPlace(new Rectangle2D(120, 80, 1100, 760), true);

        new FilePreferencesStore(file).save(saved);

        assertThat(new FilePreferencesStore(file).load()).isEqualTo(saved);
    }

    @Test
    @DisplayName("UI1: with no file the window opens as on a first run, centred and following the system")
    void noFileIsAFirstRun() {
        assertThat(new FilePreferencesStore(dir.resolve("none.properties")).load())
                .isEqualTo(WindowPreferences.FIRST_RUN);
        assertThat(WindowPreferences.FIRST_RUN.placeOn(List.of(SCREEN))).isEmpty();
    }

    @Test
    @DisplayName("UI1: a damaged value is ignored on its own and the others are kept")
    void aDamagedValueCostsOnlyItself() throws Exception {
        Path file = dir.resolve("window.properties");
        Files.writeString(
                file, "theme=purple\nx=10\ny=20\nwidth=1100\nheight=750\nmaximized=true\n", StandardCharsets.UTF_8);
        WindowPreferences damagedTheme = new FilePreferencesStore(file).load();
        assertThat(damagedTheme.theme()).isEqualTo(Theme.SYSTEM);
        assertThat(damagedTheme.bounds()).contains(new Rectangle2D(10, 20, 1100, 750));
        assertThat(damagedTheme.maximized()).isTrue();

        Files.writeString(file, "theme=light\nx=ten\ny=20\nwidth=1100\nheight=750\n", StandardCharsets.UTF_8);
        WindowPreferences damagedPlace = new FilePreferencesStore(file).load();
        assertThat(damagedPlace.theme()).isEqualTo(Theme.LIGHT);
        assertThat(damagedPlace.bounds()).isEmpty();
    }

    @Test
    @DisplayName("UI1: a file that cannot be written costs the memory, not the window")
    void anUnwritableFolderIsNoError() throws Exception {
        Path blocker = dir.resolve("blocker");
        Files.writeString(blocker, "a file where the folder should be");
        FilePreferencesStore store = new FilePreferencesStore(blocker.resolve("window.properties"));

        store.save(WindowPreferences.FIRST_RUN.withTheme(Theme.DARK));

        assertThat(store.load()).isEqualTo(WindowPreferences.FIRST_RUN);
    }

    @Test
    @DisplayName("UI1: a place is used while the window's top 48 px can be grabbed on a screen, and not once it cannot")
    void placeIsUsedOnlyWhereItsTopCanBeGrabbed() {
        WindowPreferences inside = place(100, 100, 1200, 800);
        assertThat(inside.placeOn(List.of(SCREEN))).contains(new Rectangle2D(100, 100, 1200, 800));

        // The second monitor it was on is gone: centred instead.
        WindowPreferences onGoneMonitor = place(2200, 100, 1200, 800);
        assertThat(onGoneMonitor.placeOn(List.of(SCREEN))).isEmpty();
        assertThat(onGoneMonitor.placeOn(List.of(SCREEN, new Rectangle2D(1920, 0, 1920, 1080))))
                .isPresent();

        // Just on, just off the bottom edge: the title bar's top at 1080 - 48 can still be grabbed; at 1080 not.
        assertThat(place(100, 1080 - 48, 1200, 800).placeOn(List.of(SCREEN))).isPresent();
        assertThat(place(100, 1080, 1200, 800).placeOn(List.of(SCREEN))).isEmpty();
        // Just on, just off the right edge: 24 px of its title bar (half a grip) is enough, 23 is not.
        assertThat(place(1920 - 48, 100, 1200, 800).placeOn(List.of(SCREEN))).isPresent();
        assertThat(place(1920 - 23, 100, 1200, 800).placeOn(List.of(SCREEN))).isEmpty();
    }

    @Test
    @DisplayName("UI1: a remembered size is cut to the screen and never below 1024x700")
    void sizeIsCutToTheScreenAndKeptAboveTheMinimum() {
        assertThat(place(0, 0, 3000, 2000).placeOn(List.of(SCREEN))).contains(new Rectangle2D(0, 0, 1920, 1080));
        assertThat(place(0, 0, 800, 500).placeOn(List.of(SCREEN))).contains(new Rectangle2D(0, 0, 1024, 700));
    }

    @Test
    @DisplayName("UI1: the file lives in the user's config folder of each desktop")
    void configFolderFollowsEachDesktop() {
        Path home = Path.of("/home/alice");
        assertThat(FilePreferencesStore.configFolder(Map.of(), "Linux", home))
                .isEqualTo(home.resolve(".config/stormwatch"));
        assertThat(FilePreferencesStore.configFolder(Map.of("XDG_CONFIG_HOME", "/srv/conf"), "Linux", home))
                .isEqualTo(Path.of("/srv/conf/stormwatch"));
        // A relative XDG_CONFIG_HOME is invalid by the XDG spec: ignored.
        assertThat(FilePreferencesStore.configFolder(Map.of("XDG_CONFIG_HOME", "conf"), "Linux", home))
                .isEqualTo(home.resolve(".config/stormwatch"));
        assertThat(FilePreferencesStore.configFolder(Map.of(), "Mac OS X", home))
                .isEqualTo(home.resolve("Library/Application Support/Stormwatch"));
        assertThat(FilePreferencesStore.configFolder(
                        Map.of("APPDATA", "/c/Users/alice/AppData/Roaming"), "Windows 11", home))
                .isEqualTo(Path.of("/c/Users/alice/AppData/Roaming/Stormwatch"));
    }

    @Test
    @DisplayName("UI1: a title bar with exactly half a grip's width (24 px) on the screen can still be grabbed, and"
            + " the window goes back there; one pixel less cannot")
    void halfAGripIsEnough() {
        assertThat(place(1920 - 24, 0, 1200, 800).placeOn(List.of(SCREEN)))
                .contains(new Rectangle2D(1920 - 24, 0, 1200, 800));
        assertThat(place(1920 - 23, 0, 1200, 800).placeOn(List.of(SCREEN))).isEmpty();
    }

    @Test
    @DisplayName("UI1: the store for tests and for a machine without a config folder keeps what was saved until exit,"
            + " and starts as a first run")
    void theInMemoryStoreKeepsWhatWasSaved() {
        PreferencesStore store = PreferencesStore.inMemory();
        assertThat(store.load()).isEqualTo(WindowPreferences.FIRST_RUN);

        WindowPreferences saved = place(10, 20, 1100, 750).withTheme(Theme.DARK);
        store.save(saved);

        assertThat(store.load()).isEqualTo(saved);
    }

    private static WindowPreferences place(double x, double y, double w, double h) {
        return new WindowPreferences(Optional.of(new Rectangle2D(x, y, w, h)), false, Theme.LIGHT);
    }
}
