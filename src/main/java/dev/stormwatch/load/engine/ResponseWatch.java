package dev.stormwatch.load.engine;

import java.util.concurrent.atomic.AtomicBoolean;

/** Whether the target ever answered with HTTP during a run: before that, a network failure means "unreachable". */
final class ResponseWatch {

    private final AtomicBoolean answered = new AtomicBoolean();

    void responded() {
        if (!answered.get()) {
            answered.set(true);
        }
    }

    boolean everAnswered() {
        return answered.get();
    }
}
