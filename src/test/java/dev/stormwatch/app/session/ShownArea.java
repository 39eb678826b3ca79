package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FxThread;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import org.testfx.util.WaitForAsyncUtils;

/**
 * An area of the window built alone on the real toolkit, read and driven by its nodes' ids as a person would: what a
 * label says, whether a node is shown, whether an action is off, and a press of a button.
 */
final class ShownArea {

    private final Supplier<? extends Parent> root;

    /** @param root the area's root, once a test has built it */
    ShownArea(Supplier<? extends Parent> root) {
        this.root = root;
    }

    /** Presses the button {@code id} on the FX thread, as a click or the keyboard would. */
    void fire(String id) throws Exception {
        FxThread.run(() -> ((Button) node(id)).fire());
    }

    /** Waits (at most 20 s) until {@code condition}, read on the FX thread, holds, then for the events it caused. */
    static void await(Callable<Boolean> condition) throws Exception {
        WaitForAsyncUtils.waitFor(20, TimeUnit.SECONDS, () -> FxThread.call(condition));
        WaitForAsyncUtils.waitForFxEvents();
    }

    <T extends Node> T node(String id) {
        @SuppressWarnings("unchecked")
        T found = (T) root.get().lookup("#" + id);
        assertThat(found).as("#" + id).isNotNull();
        return found;
    }

    String text(String id) {
        return ((Label) node(id)).getText();
    }

    /** Whether {@code id} is shown and takes its place in the layout. */
    boolean shown(String id) {
        Node node = node(id);
        return node.isVisible() && node.isManaged();
    }

    boolean off(String id) {
        return node(id).isDisable();
    }
}
