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
        assertThat(desktop("Linux", Map.of(), Map.of(SCHEME, "'prefer-dark'")).preference()).isEqualTo(Theme.DARK);
        assertThat(desktop("Linux", Map.of(), Map.of(SCHEME, "'prefer-light'", GTK, "'Adwaita-dark'")).preference())
                .isEqualTo(Theme.LIGHT);
        assertThat(desktop("Linux", Map.of(), Map.of(SCHEME, "'default'", GTK, "'Adwaita'")).preference())
                .isEqualTo(Theme.LIGHT);
    }

    @Test
    @DisplayName("UI2: without a colour scheme a dark GTK theme name is dark")
    void gtkThemeName() {
        assertThat(desktop("Linux", Map.of(), Map.of(SCHEME, "'default'", GTK, "'Adwaita-dark'")).preference())
                .isEqualTo(Theme.DARK);
        assertThat(desktop("Linux", Map.of(), Map.of(GTK, "'Yaru-dark'")).preference()).isEqualTo(Theme.DARK);
    }

    @Test
    @DisplayName("UI2: GTK_THEME wins over the settings, as it does for GTK")
    void gtkThemeVariableWins() {
        Map<String, String> darkSettings = Map.of(SCHEME, "'prefer-dark'");
        assertThat(desktop("Linux", Map.of("GTK_THEME", "Adwaita:dark"), Map.of()).preference())
                .isEqualTo(Theme.DARK);
        assertThat(desktop("Linux", Map.of("GTK_THEME", "Adwaita"), darkSettings).preference())
                .isEqualTo(Theme.LIGHT);
    }

    @Test
    @DisplayName("UI2: macOS's AppleInterfaceStyle Dark is dark, its absence light")
    void macOs() {
        String query = "defaults read -g AppleInterfaceStyle";
        assertThat(desktop("Mac OS X", Map.of(), Map.of(query, "Dark")).preference()).isEqualTo(Theme.DARK);
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
        assertThat(List.of(Theme.values())).extracting(Theme::label)
                .containsExactly("Light", "Dark", "Follow system");
    }
}
