package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.DecisionSource;
import dev.stormwatch.limit.LimitDecision;
import dev.stormwatch.limit.LimitKey;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.RateLimiter;
import dev.stormwatch.retry.PolicyPreset;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicReference;
import okhttp3.Dispatcher;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The resilient client's rules (RC1–RC8) on the asynchronous path, {@link AsyncRetryingExecutor}. */
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
            public LimitDecision tryAcquire(LimitKey key) {
                if (asked.incrementAndGet() == 2) {
                    retryThread.set(Thread.currentThread());
                    retryAsked.countDown();
                    awaitUninterruptibly(cancelled);
                }
                return new LimitDecision.Allowed(asked.get(), clock.instant(), DecisionSource.BACKEND);
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
        ThreadPoolExecutor threads =
                new ThreadPoolExecutor(0, Integer.MAX_VALUE, 60, TimeUnit.SECONDS, new SynchronousQueue<>()) {
                    @Override
                    protected void afterExecute(Runnable task, Throwable failure) {
                        if (Thread.currentThread() == retryThread.get()) {
                            retryTaskEnded.countDown();
                        }
                    }
                };
        Dispatcher dispatcher = new Dispatcher(threads);
        ResilientClient client = ResilientClient.builder(
                        new OkHttpClient.Builder().dispatcher(dispatcher).build())
                .preset(PolicyPreset.BATCH)
                .clock(clock)
                .sleeper(waits)
                .scheduler(waits)
                .random(() -> random)
                .listener(events::add)
                .log(logLines::add)
                .limiter(heldOnRetry, "alice")
                .build();

        CompletableFuture<Response> result = client.sendAsync(get(), CallOptions.model(MODEL));
        assertThat(retryAsked.await(30, TimeUnit.SECONDS))
                .as("the retry asked the limiter")
                .isTrue();
        result.cancel(true);
        cancelled.countDown();

        try {
            assertThat(retryTaskEnded.await(30, TimeUnit.SECONDS))
                    .as("the retry's task ended")
                    .isTrue();
            assertThat(result).isCancelled();
            // A retry enqueued after the cancel would be running now, or already at the server.
            assertThat(dispatcher.runningCallsCount() + dispatcher.queuedCallsCount())
                    .as("calls in OkHttp")
                    .isZero();
            assertThat(server.getRequestCount())
                    .as("only the first attempt went out")
                    .isEqualTo(1);
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

    /** Holds the answer to {@code /hold} until released, so the only dispatcher slot stays taken. */
    private CountDownLatch holdTheSlot(ResilientClient client) throws InterruptedException {
        CountDownLatch release = new CountDownLatch(1);
        CountDownLatch held = new CountDownLatch(1);
        server.setDispatcher(new okhttp3.mockwebserver.Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) throws InterruptedException {
                if (request.getPath().equals("/hold")) {
                    held.countDown();
                    release.await(30, TimeUnit.SECONDS);
                }
                return status(200);
            }
        });
        client.sendAsync(new Request.Builder().url(server.url("/hold")).build(), CallOptions.model(MODEL));
        assertThat(held.await(30, TimeUnit.SECONDS))
                .as("the first request holds the slot")
                .isTrue();
        return release;
    }

    @Test
    @DisplayName("RC5: a request whose deadline passed while it waited in OkHttp's queue is refused, nothing sent")
    void deadlinePassedInTheDispatcherQueueSendsNothing() throws Exception {
        ResilientClient client =
                client(PolicyPreset.INTERACTIVE).maxConcurrentRequests(1).build();
        CountDownLatch release = holdTheSlot(client);
        CallOptions options = CallOptions.model(MODEL).withDeadline(RequestDeadline.at(T0.plusSeconds(1)));

        CompletableFuture<Response> queued = client.sendAsync(get(), options);
        clock.advance(Duration.ofSeconds(2)); // the deadline passes while the request waits for the slot
        release.countDown();

        ExecutionException failed =
                catchThrowableOfType(ExecutionException.class, () -> queued.get(30, TimeUnit.SECONDS));
        assertThat(failed).isNotNull();
        assertThat(failed.getCause())
                .isInstanceOfSatisfying(
                        RequestRefused.DeadlineExpired.class,
                        refused -> assertThat(refused.attemptsSent()).isZero());
        assertThat(server.getRequestCount())
                .as("only the request that held the slot")
                .isEqualTo(1);
    }

    @Test
    @DisplayName("RC5: a request that waited in OkHttp's queue carries what is left of the deadline when it leaves")
    void requestTimeoutIsStampedWhenTheRequestLeavesTheQueue() throws Exception {
        ResilientClient client =
                client(PolicyPreset.INTERACTIVE).maxConcurrentRequests(1).build();
        CountDownLatch release = holdTheSlot(client);
        CallOptions options = CallOptions.model(MODEL).withDeadline(RequestDeadline.at(T0.plusSeconds(5)));

        CompletableFuture<Response> queued = client.sendAsync(get(), options);
        clock.advance(Duration.ofSeconds(2)); // two of the five seconds go by in the queue
        release.countDown();
        queued.get(30, TimeUnit.SECONDS).close();

        server.takeRequest(); // the request that held the slot
        RecordedRequest sent = server.takeRequest();
        assertThat(sent.getHeader("Request-Deadline")).isEqualTo("2026-01-01T00:00:05Z");
        assertThat(sent.getHeader("Request-Timeout")).isEqualTo("3000");
    }
}
