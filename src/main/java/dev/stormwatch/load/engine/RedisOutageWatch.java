package dev.stormwatch.load.engine;

import dev.stormwatch.limit.BackendStatus;
import dev.stormwatch.limit.BackendStatusListener;
import java.time.Duration;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

/**
 * Tells a run that Redis is lost only when it has stayed unreachable for the whole outage limit (RB2): a slow answer or
 * a restart that ends sooner is ridden through by the failure mode, and the run goes on.
 */
final class RedisOutageWatch implements BackendStatusListener {

    private final Duration limit;
    private final ScheduledExecutorService timer;
    private final Consumer<String> onLost;
    /** The status that began the current outage; null while Redis answers. */
    private final AtomicReference<BackendStatus> outage = new AtomicReference<>();

    RedisOutageWatch(Duration limit, ScheduledExecutorService timer, Consumer<String> onLost) {
        this.limit = limit;
        this.timer = timer;
        this.onLost = onLost;
    }

    @Override
    public void onStatusChange(BackendStatus status) {
        if (status.reachable()) {
            // Redis answered (even a refusal of one command is an answer): the outage, if any, is over.
            outage.set(null);
            return;
        }
        if (!outage.compareAndSet(null, status)) {
            return; // still the same outage: its deadline is already set
        }
        try {
            timer.schedule(
                    () -> {
                        // RB2: the same outage, never interrupted by an answer, lasted the whole limit.
                        if (outage.get() == status) {
                            onLost.accept("Redis lost mid-run: unreachable for " + limit.toMillis()
                                    + " ms (--redis-outage-limit): " + status.detail());
                        }
                    },
                    limit.toMillis(),
                    TimeUnit.MILLISECONDS);
        } catch (java.util.concurrent.RejectedExecutionException closing) {
            // The run is ending; nothing is left to stop.
        }
    }
}
