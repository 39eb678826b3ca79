package dev.stormwatch.app.session;

import java.time.Duration;
import java.util.concurrent.Callable;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;

/**
 * A single thread that stands in for the JavaFX thread in view-model tests: the view model hops onto it, and the
 * test reads and acts on it too, so every read is ordered after the writes it checks.
 */
final class UiThread implements Executor {

    private static final Duration LIMIT = Duration.ofSeconds(20);

    private final ExecutorService thread = Executors.newSingleThreadExecutor();

    @Override
    public void execute(Runnable command) {
        thread.execute(command);
    }

    /** Runs {@code action} on the UI thread and waits for it. */
    void onUi(Runnable action) {
        onUi(() -> {
            action.run();
            return null;
        });
    }

    /** Computes {@code action} on the UI thread and returns its value. */
    <T> T onUi(Callable<T> action) {
        try {
            return thread.submit(action).get(LIMIT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            throw new AssertionError("the UI thread failed: " + e, e);
        }
    }

    /** Waits until the condition holds, checking it on the UI thread (which also orders the reads after it). */
    void await(BooleanSupplier condition) {
        long deadline = System.nanoTime() + LIMIT.toNanos();
        while (!onUi(condition::getAsBoolean)) {
            if (System.nanoTime() > deadline) {
                throw new AssertionError("condition not reached within 20 s");
            }
            Thread.onSpinWait();
        }
    }

    void shutdownNow() {
        thread.shutdownNow();
    }
}
