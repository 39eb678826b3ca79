package dev.stormwatch.http;

import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/** The one process-wide retry timer behind {@link RetryScheduler#shared()}, created on first use. */
final class SharedRetryTimer {

    static final RetryScheduler SCHEDULER =
            RetryScheduler.on(Executors.newSingleThreadScheduledExecutor(new ThreadFactory() {
                private final AtomicInteger count = new AtomicInteger();

                @Override
                public Thread newThread(Runnable task) {
                    Thread thread = new Thread(task, "stormwatch-retry-timer-" + count.incrementAndGet());
                    thread.setDaemon(true); // a pending retry must not keep the JVM alive
                    return thread;
                }
            }));

    private SharedRetryTimer() {}
}
