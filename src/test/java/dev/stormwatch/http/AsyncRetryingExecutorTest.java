package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.PolicyPreset;
import dev.stormwatch.testing.FakeClock;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executors;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.TimeUnit;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.Dispatcher;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** What only the asynchronous path promises: no thread held per request or per waiting retry. */
class AsyncRetryingExecutorTest {

    private MockWebServer server;

    @BeforeEach
    void startServer() throws IOException {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stopServer() throws IOException {
        server.shutdown();
    }

    @Test
    @DisplayName("Thousands of concurrent calls, each retried once, complete on a bounded number of threads")
    void thousandsOfCallsShareAFewThreads() throws Exception {
        int calls = 2_000;
        Set<String> seen = ConcurrentHashMap.newKeySet();
        server.setDispatcher(new Dispatcher() {
            @Override
            public MockResponse dispatch(RecordedRequest request) {
                // Each call's first request is told to come back at once; its retry succeeds.
                return seen.add(request.getHeader("X-Call"))
                        ? new MockResponse().setResponseCode(503).setHeader("Retry-After", "0")
                        : new MockResponse().setResponseCode(200).setBody("ok");
            }
        });
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        int before = threads.getThreadCount();
        threads.resetPeakThreadCount();
        try {
            ResilientClient client = ResilientClient.builder()
                    .preset(PolicyPreset.BATCH)
                    .scheduler(RetryScheduler.on(timer))
                    .maxConcurrentRequests(64)
                    .build();
            List<CompletableFuture<Integer>> results = new ArrayList<>();
            for (int i = 0; i < calls; i++) {
                Request request = new Request.Builder()
                        .url(server.url("/v1/models"))
                        .header("X-Call", "c" + i)
                        .build();
                results.add(client.sendAsync(request, CallOptions.model("m")).thenApply(response -> {
                    try (response) {
                        return response.code();
                    }
                }));
            }

            CompletableFuture.allOf(results.toArray(CompletableFuture[]::new)).get(120, TimeUnit.SECONDS);

            assertThat(results).allSatisfy(result -> assertThat(result.join()).isEqualTo(200));
            assertThat(server.getRequestCount()).isEqualTo(2 * calls);
            // A thread per call would add 2,000; OkHttp's dispatcher (64) and the server's connections stay far below.
            assertThat(threads.getPeakThreadCount() - before).isLessThan(400);
        } finally {
            timer.shutdownNow();
        }
    }

    @Test
    @DisplayName("Cancelling the future stops a retry that is waiting on the timer: nothing more is sent")
    void cancellingStopsAWaitingRetry() throws Exception {
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(new MockResponse().setResponseCode(200));
        BlockingQueue<Runnable> pending = new LinkedBlockingQueue<>();
        ResilientClient client = ResilientClient.builder()
                .preset(PolicyPreset.BATCH)
                .clock(new FakeClock(Instant.parse("2026-01-01T00:00:00Z")))
                .scheduler((delay, task) -> pending.add(task))
                .build();

        CompletableFuture<Response> future = client.sendAsync(
                new Request.Builder().url(server.url("/v1/models")).build(), CallOptions.model("m"));
        Runnable retry = pending.poll(10, TimeUnit.SECONDS);
        assertThat(retry).as("the retry was scheduled after the 503").isNotNull();

        future.cancel(true);
        retry.run();
        Thread.sleep(Duration.ofMillis(200).toMillis()); // give a wrongly sent retry the time to reach the server

        assertThat(future).isCancelled();
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    @DisplayName("E1: a timer that was shut down ends the call with the typed error of the last attempt, not a hang")
    void aShutDownTimerEndsTheCallTyped() {
        server.enqueue(new MockResponse().setResponseCode(503));
        ScheduledExecutorService timer = Executors.newSingleThreadScheduledExecutor();
        timer.shutdown();
        ResilientClient client = ResilientClient.builder()
                .preset(PolicyPreset.BATCH)
                .scheduler(RetryScheduler.on(timer))
                .build();

        CompletableFuture<Response> future = client.sendAsync(
                new Request.Builder().url(server.url("/v1/models")).build(), CallOptions.model("m"));

        assertThat(future)
                .failsWithin(Duration.ofSeconds(10))
                .withThrowableOfType(ExecutionException.class)
                .havingCause()
                .isInstanceOfSatisfying(CallFailure.Recoverable.class, failure -> {
                    assertThat(failure.attempts()).isEqualTo(1);
                    assertThat(failure.retryAfter()).isEmpty();
                });
    }
}
