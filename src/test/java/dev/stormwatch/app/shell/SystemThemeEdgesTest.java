package dev.stormwatch.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class SystemThemeEdgesTest {

    @Test
    @DisplayName("UI2: on macOS only an AppleInterfaceStyle of Dark is dark; any other answer is light")
    void onMacOsOnlyDarkIsDark() {
        SystemTheme answeringLight = new SystemTheme(Map.of(), "Mac OS X", command -> Optional.of("Light"));
        SystemTheme answeringDark = new SystemTheme(Map.of(), "Mac OS X", command -> Optional.of(" dark\n"));

        assertThat(answeringLight.preference()).isEqualTo(Theme.LIGHT);
        assertThat(answeringDark.preference()).isEqualTo(Theme.DARK);
    }
}
