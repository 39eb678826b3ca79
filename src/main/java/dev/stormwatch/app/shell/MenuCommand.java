package dev.stormwatch.app.shell;

import java.util.Optional;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableBooleanValue;
import javafx.scene.input.KeyCombination;
import org.kordamp.ikonli.Ikon;

/**
 * One entry of an area's menu, made by the composition root from a view model's command so that the shell needs no
 * view model: what it says, its shortcut, its icon, what it does and when it can.
 */
public record MenuCommand(
        String id,
        String text,
        Optional<KeyCombination> shortcut,
        Optional<Ikon> icon,
        Runnable action,
        ObservableBooleanValue enabled) {

    public static MenuCommand of(
            String id, String text, String shortcut, Ikon icon, Runnable action, ObservableBooleanValue enabled) {
        return new MenuCommand(
                id,
                text,
                Optional.ofNullable(shortcut).map(KeyCombination::valueOf),
                Optional.ofNullable(icon),
                action,
                enabled);
    }

    public static MenuCommand always(String id, String text, String shortcut, Ikon icon, Runnable action) {
        return of(id, text, shortcut, icon, action, Bindings.createBooleanBinding(() -> true));
    }
}
