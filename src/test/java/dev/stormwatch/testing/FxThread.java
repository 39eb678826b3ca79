package dev.stormwatch.testing;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import org.testfx.util.WaitForAsyncUtils;

/**
 * Acts on the JavaFX thread from a test of a view on the real toolkit: after the events queued before it, and
 * returning once the events it queued (a layout, a binding's update) have run too, so that what the test reads next
 * is what the person would see.
 */
public final class FxThread {

    private static final Duration LIMIT = Duration.ofSeconds(10);

    private FxThread() {}

    /** Computes {@code action} on the FX thread and returns its value; fails after 10 s. */
    public static <T> T call(Callable<T> action) throws Exception {
        return call(LIMIT, action);
    }

    /** As {@link #call(Callable)}, failing after {@code limit}: for actions that wait on a server. */
    public static <T> T call(Duration limit, Callable<T> action) throws Exception {
        WaitForAsyncUtils.waitForFxEvents();
        T value = WaitForAsyncUtils.asyncFx(action).get(limit.toMillis(), TimeUnit.MILLISECONDS);
        WaitForAsyncUtils.waitForFxEvents();
        return value;
    }

    /** Runs {@code action} on the FX thread; fails after 10 s. */
    public static void run(Runnable action) throws Exception {
        call(() -> {
            action.run();
            return null;
        });
    }
}
