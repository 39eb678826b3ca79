package dev.stormwatch.app.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executors;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** {@link Later} over a real scheduled executor: what it waits, and where the task runs. */
class LaterTest {

    private final ScheduledThreadPoolExecutor executor =
            (ScheduledThreadPoolExecutor) Executors.newScheduledThreadPool(1, task -> new Thread(task, "later-test"));

    @AfterEach
    void stop() {
        executor.shutdownNow();
    }

    @Test
    @DisplayName("DG22: a task waits the given time on the executor, not on the caller")
    void aTaskWaitsTheGivenTimeOnTheExecutor() {
        boolean[] ran = {false};

        Later.on(executor).after(Duration.ofHours(1), () -> ran[0] = true);

        assertThat(ran[0]).isFalse();
        assertThat(executor.getQueue()).hasSize(1);
        long delay = ((java.util.concurrent.Delayed) executor.getQueue().peek()).getDelay(TimeUnit.MINUTES);
        assertThat(delay).isBetween(59L, 60L);
    }

    @Test
    @DisplayName("DG22: a task with no wait, or a wait already past, runs at once on the executor's thread")
    void aTaskWithoutAWaitRunsAtOnceOnTheExecutorsThread() throws Exception {
        CompletableFuture<String> now = new CompletableFuture<>();
        CompletableFuture<String> past = new CompletableFuture<>();

        Later.on(executor)
                .after(Duration.ZERO, () -> now.complete(Thread.currentThread().getName()));
        Later.on(executor)
                .after(
                        Duration.ofSeconds(-5),
                        () -> past.complete(Thread.currentThread().getName()));

        assertThat(now.get(30, TimeUnit.SECONDS)).isEqualTo("later-test");
        assertThat(past.get(30, TimeUnit.SECONDS)).isEqualTo("later-test");
    }
}
