package dev.stormwatch.app.shell;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.concurrent.atomic.AtomicInteger;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.scene.input.KeyCombination;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** UI4: a menu entry's command: its shortcut read from text, and enabled exactly when its button is. */
class MenuCommandTest {

    @Test
    @DisplayName("UI4: a command that is always possible is enabled, with its shortcut and action")
    void anAlwaysCommandIsEnabled() {
        AtomicInteger ran = new AtomicInteger();
        MenuCommand quit = MenuCommand.always("quit", "Quit", "Shortcut+Q", null, ran::incrementAndGet);

        assertThat(quit.enabled().get()).isTrue();
        assertThat(quit.shortcut()).contains(KeyCombination.valueOf("Shortcut+Q"));
        assertThat(quit.icon()).isEmpty();
        quit.action().run();
        assertThat(ran).hasValue(1);
    }

    @Test
    @DisplayName("UI4: a command follows its button's enabled state; without a shortcut it has none")
    void aCommandFollowsItsButton() {
        SimpleBooleanProperty button = new SimpleBooleanProperty(false);
        MenuCommand refresh = MenuCommand.of("refresh", "Refresh", null, null, () -> {}, button);

        assertThat(refresh.enabled().get()).isFalse();
        button.set(true);
        assertThat(refresh.enabled().get()).isTrue();
        assertThat(refresh.shortcut()).isEmpty();
        assertThat(refresh.text()).isEqualTo("Refresh");
    }
}
