package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.http.RetryScheduler;
import dev.stormwatch.relay.RelayConfig;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The real parts the whole runs on simulated time replace (decision 0039): real time's timer, waits and retry timer,
 * the scheduler over an executor, and the embedded relay on sockets. The waits are asserted only from below (a wait
 * never ends before its length), so a busy machine cannot fail them.
 */
class RunTimeEdgesTest {

    /** How long a test waits for the timer thread at most: a bound for a hang, never a measurement. */
    private static final long HANG = 30;

    @Test
    @DisplayName("LB1, CO1: real time runs the clients' timed work on a daemon thread of its own, which close stops")
    void realTimeHasADaemonTimerThatCloseStops() throws Exception {
        RunTime time = RunTime.real();
        try {
            CompletableFuture<Thread> ran = new CompletableFuture<>();
            time.timer().execute(() -> ran.complete(Thread.currentThread()));
            Thread timer = ran.get(HANG, TimeUnit.SECONDS);
            assertThat(timer.getName()).isEqualTo("load-timer");
            assertThat(timer.isDaemon())
                    .as("a run's timer never keeps the JVM alive")
                    .isTrue();

            CompletableFuture<Void> overdue = new CompletableFuture<>();
            time.timer().schedule(Duration.ofSeconds(-1), () -> overdue.complete(null));
            overdue.get(HANG, TimeUnit.SECONDS);

            CountDownLatch paced = new CountDownLatch(3);
            time.timer().every(Duration.ofMillis(1), paced::countDown);
            assertThat(paced.await(HANG, TimeUnit.SECONDS))
                    .as("the pacer runs again and again")
                    .isTrue();
        } finally {
            time.close();
        }
        assertThatThrownBy(() -> time.timer().execute(() -> {}))
                .as("a closed run's timer takes no more work")
                .isInstanceOf(RejectedExecutionException.class);
    }

    @Test
    @DisplayName("RA3: real time's retry delays end on the process-wide retry timer")
    void realTimeUsesTheSharedRetryTimer() {
        RunTime time = RunTime.real();
        try {
            assertThat(time.retryScheduler()).isSameAs(RetryScheduler.shared());
        } finally {
            time.close();
        }
    }

    @Test
    @DisplayName("real time's waits last their length unless the run stops, and its clock moves with them")
    void realWaitsLastTheirLength() throws Exception {
        RunTime time = RunTime.real();
        try {
            Duration length = Duration.ofMillis(40);
            StopSignal running = new StopSignal();

            long before = time.nanoTime();
            time.sleep(length);
            long slept = time.nanoTime() - before;
            time.await(running, length);
            long waited = time.nanoTime() - before - slept;

            assertThat(Duration.ofNanos(slept)).isGreaterThanOrEqualTo(length.dividedBy(2));
            assertThat(Duration.ofNanos(waited)).isGreaterThanOrEqualTo(length.dividedBy(2));

            StopSignal stopped = new StopSignal();
            stopped.stop("done");
            CompletableFuture<Void> await = CompletableFuture.runAsync(() -> {
                try {
                    time.await(stopped, Duration.ofDays(1));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            });
            await.get(HANG, TimeUnit.SECONDS); // a stopped run does not wait out its tick
        } finally {
            time.close();
        }
    }

    @Test
    @DisplayName("LB1: a scheduler over an executor runs work at once, later, and every period, on that executor")
    void aSchedulerOverAnExecutor() throws Exception {
        assertThatThrownBy(() -> RunScheduler.on(null))
                .isInstanceOf(NullPointerException.class)
                .hasMessageContaining("executor");
        ScheduledExecutorService executor = java.util.concurrent.Executors.newSingleThreadScheduledExecutor();
        try {
            RunScheduler scheduler = RunScheduler.on(executor);
            CompletableFuture<Void> now = new CompletableFuture<>();
            scheduler.execute(() -> now.complete(null));
            now.get(HANG, TimeUnit.SECONDS);
            CompletableFuture<Void> overdue = new CompletableFuture<>();
            scheduler.schedule(Duration.ofMillis(-5), () -> overdue.complete(null));
            overdue.get(HANG, TimeUnit.SECONDS);
            CountDownLatch twice = new CountDownLatch(2);
            scheduler.every(Duration.ofMillis(1), twice::countDown);
            assertThat(twice.await(HANG, TimeUnit.SECONDS)).isTrue();
        } finally {
            executor.shutdownNow();
        }
    }

    @Test
    @DisplayName("LB13: the embedded relay on sockets listens on loopback and leaves the attempts to the event loop")
    void theRelayOnSocketsIsReachedOverTheEventLoop() throws Exception {
        EmbeddedRelayStart.Started started = EmbeddedRelayStart.onSockets().start(RelayConfig.defaults(), 4);
        try {
            assertThat(started.transport())
                    .as("the run's own event-loop transport carries them")
                    .isEmpty();
            assertThat(started.relay().baseUrl().getHost()).isEqualTo("127.0.0.1");
            assertThat(started.relay().baseUrl().getPort()).isPositive();
        } finally {
            started.relay().close();
        }
    }
}
