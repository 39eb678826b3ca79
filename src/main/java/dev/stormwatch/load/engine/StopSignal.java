package dev.stormwatch.load.engine;

import java.util.Optional;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

/**
 * The first reason a run must stop early (unreachable target, Redis lost, interrupted), kept so that the partial report
 * says what happened. Later reasons are ignored: the first one is the cause.
 */
final class StopSignal {

    private final AtomicReference<String> reason = new AtomicReference<>();
    private final CountDownLatch stopped = new CountDownLatch(1);

    void stop(String why) {
        if (reason.compareAndSet(null, why)) {
            stopped.countDown();
        }
    }

    Optional<String> reason() {
        return Optional.ofNullable(reason.get());
    }

    boolean isStopped() {
        return reason.get() != null;
    }

    /** Waits up to {@code millis} for a stop; true when one came. */
    boolean await(long millis) throws InterruptedException {
        return stopped.await(millis, TimeUnit.MILLISECONDS);
    }
}
