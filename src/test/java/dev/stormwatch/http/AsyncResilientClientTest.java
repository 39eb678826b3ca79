package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.Decision;
import dev.stormwatch.limit.DecisionSource;
import dev.stormwatch.limit.LimitKey;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.RateLimiter;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The resilient client's rules (RC1–RC7) on the asynchronous path, {@link AsyncRetryingExecutor}. */
class AsyncResilientClientTest extends ResilientClientRules {

    @Override
    Response call(ResilientClient client, Request request, CallOptions options) {
        try {
            // A bound, so that a lost completion fails the test instead of hanging the build.
            return client.sendAsync(request, options).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | CompletionException e) {
            if (e.getCause() instanceof RuntimeException typed) {
                throw typed;
            }
            throw new AssertionError("the future failed with an untyped error", e.getCause());
        } catch (InterruptedException | TimeoutException e) {
            throw new AssertionError("the future did not complete", e);
        }
    }

    @Test
    @DisplayName("RC7: a caller that cancels while the limiter decides a retry gets no retry sent afterwards")
    void cancelWhileTheLimiterDecidesARetrySendsNothing() throws Exception {
        server.enqueue(status(503));
        server.enqueue(status(200));
        CountDownLatch retryAsked = new CountDownLatch(1);
        CountDownLatch cancelled = new CountDownLatch(1);
        AtomicReference<Thread> retryThread = new AtomicReference<>();
        // Allows the first attempt; holds the retry's decision (a Redis round trip in real life) until the cancel.
        RateLimiter heldOnRetry = new RateLimiter() {
            private final AtomicInteger asked = new AtomicInteger();

            @Override
            public Decision tryAcquire(LimitKey key) {
                if (asked.incrementAndGet() == 2) {
                    retryThread.set(Thread.currentThread());
                    retryAsked.countDown();
                    awaitUninterruptibly(cancelled);
                }
                return new Decision.Allowed(asked.get(), clock.instant(), DecisionSource.BACKEND);
            }

            @Override
            public Algorithm algorithm() {
                return Algorithm.SLIDING_LOG;
            }

            @Override
            public LimitSpec spec() {
                return LimitSpec.of(10, Duration.ofMinutes(1));
            }
        };
        // The retry is built on OkHttp's dispatcher threads: learn when the task that asked the limiter has ended.
        CountDownLatch retryTaskEnded = new CountDownLatch(1);
        ThreadPoolExecutor threads = new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS,
                new SynchronousQueue<>()) {
            @Override
            protected void afterExecute(Runnable task, Throwable failure) {
                if (Thread.currentThread() == retryThread.get()) {
                    retryTaskEnded.countDown();
                }
            }
        };
        Dispatcher dispatcher = new Dispatcher(threads);
        ResilientClient client = ResilientClient.builder(new OkHttpClient.Builder().dispatcher(dispatcher).build())
                .preset(ClientPreset.BATCH).clock(clock).sleeper(waits).scheduler(waits).random(() -> random)
                .listener(events::add).log(logLines::add)
                .limiter(heldOnRetry, "alice")
                .build();

        CompletableFuture<Response> result = client.sendAsync(get(), CallOptions.model(MODEL));
        assertThat(retryAsked.await(30, TimeUnit.SECONDS)).as("the retry asked the limiter").isTrue();
        result.cancel(true);
        cancelled.countDown();

        try {
            assertThat(retryTaskEnded.await(30, TimeUnit.SECONDS)).as("the retry's task ended").isTrue();
            assertThat(result).isCancelled();
            // A retry enqueued after the cancel would be running now, or already at the server.
            assertThat(dispatcher.runningCallsCount() + dispatcher.queuedCallsCount()).as("calls in OkHttp").isZero();
            assertThat(server.getRequestCount()).as("only the first attempt went out").isEqualTo(1);
        } finally {
            threads.shutdown();
        }
    }

    private static void awaitUninterruptibly(CountDownLatch latch) {
        boolean interrupted = false;
        while (true) {
            try {
                if (!latch.await(30, TimeUnit.SECONDS)) {
                    throw new AssertionError("the test never cancelled");
                }
                break;
            } catch (InterruptedException e) {
                interrupted = true;
            }
        }
        if (interrupted) {
            Thread.currentThread().interrupt();
        }
    }
}
