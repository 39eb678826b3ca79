package dev.stormwatch.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.beans.property.StringProperty;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextInputControl;
import org.testfx.util.WaitForAsyncUtils;

/**
 * An area of the window built alone on the real toolkit, read and driven by its nodes' ids as a person would: what a
 * label says, whether a node is shown, whether an action is off, and a press of a button.
 */
public final class ShownArea {

    private final Supplier<? extends Parent> root;

    /** @param root the area's root, once a test has built it */
    public ShownArea(Supplier<? extends Parent> root) {
        this.root = root;
    }

    /** Presses the button {@code id} on the FX thread, as a click or the keyboard would. */
    public void fire(String id) throws Exception {
        FxThread.run(() -> ((Button) node(id)).fire());
    }

    /** Waits (at most 20 s) until {@code condition}, read on the FX thread, holds, then for the events it caused. */
    public static void await(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> FxThread.call(condition));
        WaitForAsyncUtils.waitForFxEvents();
    }

    public <T extends Node> T node(String id) {
        @SuppressWarnings("unchecked")
        T found = (T) root.get().lookup("#" + id);
        assertThat(found).as("#" + id).isNotNull();
        return found;
    }

    public String text(String id) {
        return ((Label) node(id)).getText();
    }

    /** Whether {@code id} is shown and takes its place in the layout. */
    public boolean shown(String id) {
        Node node = node(id);
        return node.isVisible() && node.isManaged();
    }

    /**
     * Asserts that each text field, by id, is its value both ways: it shows what the model sets, and what is typed
     * into it is the value. The values are put back afterwards. All fields are set at once, then typed into at once,
     * so that a field that writes to another's value is seen.
     */
    public void assertFieldsAre(Map<String, StringProperty> fields) throws Exception {
        Map<String, String> before = FxThread.call(() -> {
            Map<String, String> held = new LinkedHashMap<>();
            fields.forEach((id, value) -> held.put(id, value.get()));
            return held;
        });
        FxThread.run(() -> fields.forEach((id, value) -> value.set("set " + id)));
        fields.forEach((id, value) -> assertThat(((TextInputControl) node(id)).getText())
                .as("%s shows its value", id)
                .isEqualTo("set " + id));
        FxThread.run(() -> fields.keySet().forEach(id -> ((TextInputControl) node(id)).setText("typed " + id)));
        fields.forEach((id, value) ->
                assertThat(value.get()).as("%s writes its value", id).isEqualTo("typed " + id));
        FxThread.run(() -> before.forEach((id, text) -> fields.get(id).set(text)));
    }

    public boolean off(String id) {
        return node(id).isDisable();
    }
}
