package dev.stormwatch.testing;

import static org.assertj.core.api.Assertions.assertThat;

import atlantafx.base.theme.PrimerLight;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.Callable;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import javafx.application.Application;
import javafx.beans.property.StringProperty;
import javafx.scene.Node;
import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.Label;
import javafx.scene.control.TextInputControl;
import javafx.stage.Stage;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;
import org.testfx.api.FxToolkit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * An area of the window built alone on the real toolkit, read and driven by its nodes' ids as a person would: what a
 * label says, whether a node is shown, whether an action is off, and a press of a button.
 *
 * <p>Registered as a test's extension ({@code @RegisterExtension}, beside TestFX's {@code ApplicationExtension}), it
 * shows the area on the toolkit's one stage ({@link #show}) in the app's light look and, after each test, stops what
 * the test started beside the area: its {@link #background()} threads and whatever it asked to end ({@link #atEnd}).
 */
public final class ShownArea implements AfterEachCallback {

    private volatile Parent root;
    private final List<ExecutorService> threads = new CopyOnWriteArrayList<>();
    private final List<Runnable> endings = new CopyOnWriteArrayList<>();

    /**
     * Shows {@code root} alone on the toolkit's one stage, {@code width} × {@code height}; on the FX thread. The stage
     * is sized to the scene and may be made smaller than the least size an earlier test class (the whole window's)
     * gave it.
     */
    public void show(Parent root, double width, double height) {
        this.root = root;
        Stage stage = stage();
        stage.setMinWidth(0);
        stage.setMinHeight(0);
        // The look a person sees, whatever ran before: the theme's light stylesheet and the app's own, as the window
        // has them (UI2).
        Application.setUserAgentStylesheet(new PrimerLight().getUserAgentStylesheet());
        Scene scene = new Scene(root, width, height);
        scene.getStylesheets()
                .add(Objects.requireNonNull(ShownArea.class.getResource("/dev/stormwatch/app/stormwatch.css"))
                        .toExternalForm());
        stage.setScene(scene);
        stage.sizeToScene();
        stage.show();
    }

    /** The toolkit's one stage, the area's window. */
    public Stage stage() {
        try {
            return FxToolkit.registerPrimaryStage();
        } catch (TimeoutException e) {
            throw new IllegalStateException("the JavaFX toolkit did not start", e);
        }
    }

    /** A thread for the area's model to work on, stopped after the test. */
    public ExecutorService background() {
        return kept(Executors.newSingleThreadExecutor());
    }

    /** A thread that runs the model's delayed work, stopped after the test. */
    public ScheduledExecutorService scheduled() {
        return kept(Executors.newSingleThreadScheduledExecutor());
    }

    /** Runs {@code ending} after the test, before its threads are stopped (a held wait let go, say). */
    public void atEnd(Runnable ending) {
        endings.add(ending);
    }

    @Override
    public void afterEach(ExtensionContext context) {
        endings.forEach(Runnable::run);
        endings.clear();
        threads.forEach(ExecutorService::shutdownNow);
        threads.clear();
    }

    private <T extends ExecutorService> T kept(T executor) {
        threads.add(executor);
        return executor;
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
        assertThat(root).as("the area, once shown").isNotNull();
        @SuppressWarnings("unchecked")
        T found = (T) root.lookup("#" + id);
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
