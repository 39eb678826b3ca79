package dev.stormwatch.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SystemThemeTest {

    /** A desktop whose settings answer from a table; a command not in it cannot run. */
    private static SystemTheme desktop(String os, Map<String, String> env, Map<String, String> answers) {
        return new SystemTheme(env, os, command -> Optional.ofNullable(answers.get(String.join(" ", command))));
    }

    private static final String SCHEME = "gsettings get org.gnome.desktop.interface color-scheme";
    private static final String GTK = "gsettings get org.gnome.desktop.interface gtk-theme";

    @Test
    @DisplayName("UI2: GNOME's prefer-dark colour scheme is dark, prefer-light and default are light")
    void gnomeColourScheme() {
        assertThat(desktop("Linux", Map.of(), Map.of(SCHEME, "'prefer-dark'")).preference())
                .isEqualTo(Theme.DARK);
        assertThat(desktop("Linux", Map.of(), Map.of(SCHEME, "'prefer-light'", GTK, "'Adwaita-dark'"))
                        .preference())
                .isEqualTo(Theme.LIGHT);
        assertThat(desktop("Linux", Map.of(), Map.of(SCHEME, "'default'", GTK, "'Adwaita'"))
                        .preference())
                .isEqualTo(Theme.LIGHT);
    }

    @Test
    @DisplayName("UI2: without a colour scheme a dark GTK theme name is dark")
    void gtkThemeName() {
        assertThat(desktop("Linux", Map.of(), Map.of(SCHEME, "'default'", GTK, "'Adwaita-dark'"))
                        .preference())
                .isEqualTo(Theme.DARK);
        assertThat(desktop("Linux", Map.of(), Map.of(GTK, "'Yaru-dark'")).preference())
                .isEqualTo(Theme.DARK);
    }

    @Test
    @DisplayName("UI2: GTK_THEME wins over the settings, as it does for GTK")
    void gtkThemeVariableWins() {
        Map<String, String> darkSettings = Map.of(SCHEME, "'prefer-dark'");
        assertThat(desktop("Linux", Map.of("GTK_THEME", "Adwaita:dark"), Map.of())
                        .preference())
                .isEqualTo(Theme.DARK);
        assertThat(desktop("Linux", Map.of("GTK_THEME", "Adwaita"), darkSettings)
                        .preference())
                .isEqualTo(Theme.LIGHT);
    }

    @Test
    @DisplayName("UI2: macOS's AppleInterfaceStyle Dark is dark, its absence light")
    void macOs() {
        String query = "defaults read -g AppleInterfaceStyle";
        assertThat(desktop("Mac OS X", Map.of(), Map.of(query, "Dark")).preference())
                .isEqualTo(Theme.DARK);
        assertThat(desktop("Mac OS X", Map.of(), Map.of()).preference()).isEqualTo(Theme.LIGHT);
    }

    @Test
    @DisplayName("UI2: a desktop that says nothing is light, and Follow system resolves to what it says")
    void silentDesktopIsLight() {
        Map<String, String> env = new HashMap<>();
        assertThat(desktop("Linux", env, Map.of()).preference()).isEqualTo(Theme.LIGHT);
        assertThat(desktop("Windows 11", env, Map.of()).preference()).isEqualTo(Theme.LIGHT);
        assertThat(Theme.SYSTEM.resolve(Theme.DARK)).isEqualTo(Theme.DARK);
        assertThat(Theme.SYSTEM.resolve(Theme.LIGHT)).isEqualTo(Theme.LIGHT);
        assertThat(Theme.LIGHT.resolve(Theme.DARK)).isEqualTo(Theme.LIGHT);
        assertThat(Theme.DARK.resolve(Theme.LIGHT)).isEqualTo(Theme.DARK);
        assertThat(List.of(Theme.values())).extracting(Theme::label).containsExactly("Light", "Dark", "Follow system");
    }

    /** What {@code reg query} prints for the value, as Windows 10 and 11 print it. */
    private static String regAnswer(String value) {
        return "\r\nHKEY_CURRENT_USER\\Software\\Microsoft\\Windows\\CurrentVersion\\Themes\\Personalize\r\n"
                + "    AppsUseLightTheme    REG_DWORD    " + value + "\r\n\r\n";
    }

    private static final String REG_QUERY =
            "reg query " + SystemTheme.WINDOWS_PERSONALIZE_KEY + " /v AppsUseLightTheme";

    @Test
    @DisplayName("UI7: Windows's AppsUseLightTheme 0 is dark and 1 is light, read from the registry")
    void windowsAppMode() {
        assertThat(desktop("Windows 11", Map.of(), Map.of(REG_QUERY, regAnswer("0x0")))
                        .preference())
                .isEqualTo(Theme.DARK);
        assertThat(desktop("Windows 10", Map.of(), Map.of(REG_QUERY, regAnswer("0x1")))
                        .preference())
                .isEqualTo(Theme.LIGHT);
        // The same answer on Linux is never asked for: each desktop is read in its own way.
        assertThat(desktop("Linux", Map.of(), Map.of(REG_QUERY, regAnswer("0x0")))
                        .preference())
                .isEqualTo(Theme.LIGHT);
    }

    @Test
    @DisplayName("UI7: a missing value, a reg that cannot run or an answer of another shape is light")
    void windowsWithoutAnAnswer() {
        assertThat(desktop("Windows 11", Map.of(), Map.of()).preference()).isEqualTo(Theme.LIGHT);
        assertThat(desktop(
                                "Windows 11",
                                Map.of(),
                                Map.of(
                                        REG_QUERY,
                                        "ERROR: The system was unable to find the"
                                                + " specified registry key or value."))
                        .preference())
                .isEqualTo(Theme.LIGHT);
        assertThat(desktop("Windows 11", Map.of(), Map.of(REG_QUERY, regAnswer("0xzz")))
                        .preference())
                .isEqualTo(Theme.LIGHT);
        assertThat(desktop("Windows 11", Map.of(), Map.of(REG_QUERY, "    AppsUseLightTheme    REG_SZ    0x0"))
                        .preference())
                .isEqualTo(Theme.LIGHT);
        assertThat(SystemTheme.appsUseLightTheme(regAnswer("0x00000000"))).contains(0L);
        assertThat(SystemTheme.appsUseLightTheme(regAnswer("0x1"))).contains(1L);
    }

    @Test
    @DisplayName("UI7: GTK_THEME still wins on Windows, as GTK itself reads it there")
    void gtkThemeWinsOnWindows() {
        assertThat(desktop("Windows 11", Map.of("GTK_THEME", "Adwaita"), Map.of(REG_QUERY, regAnswer("0x0")))
                        .preference())
                .isEqualTo(Theme.LIGHT);
    }
}
