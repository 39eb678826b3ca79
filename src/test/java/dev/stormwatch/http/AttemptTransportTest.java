package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.SocketPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The blocking transport of load runs hands every outcome to the callback exactly once, as OkHttp's enqueue does. */
class AttemptTransportTest {

    private final OkHttpClient http = new OkHttpClient();
    private final ExecutorService workers = Executors.newFixedThreadPool(2);
    private MockWebServer server;

    @BeforeEach
    void startServer() throws IOException {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() throws IOException {
        workers.shutdownNow();
        server.shutdown();
    }

    @Test
    void aResponseReachesTheCallbackOnAWorkerThread() throws Exception {
        server.enqueue(new MockResponse().setBody("ok"));
        Outcome outcome = send(AttemptTransport.blockingOn(workers));

        assertThat(outcome.response.get(5, TimeUnit.SECONDS)).isEqualTo("200 ok");
        assertThat(outcome.thread.get(5, TimeUnit.SECONDS))
                .isNotEqualTo(Thread.currentThread().getName());
    }

    @Test
    void aConnectionResetReachesTheCallbackAsAFailure() throws Exception {
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.DISCONNECT_AT_START));
        Outcome outcome = send(AttemptTransport.blockingOn(workers));

        assertThat(outcome.failure.get(5, TimeUnit.SECONDS)).isInstanceOf(IOException.class);
        assertThat(outcome.response).isNotDone();
    }

    @Test
    void workersThatWereShutDownFailTheCallAndSendNothing() throws Exception {
        workers.shutdown();
        Outcome outcome = send(AttemptTransport.blockingOn(workers));

        // As OkHttp's enqueue on a shut-down dispatcher: an interrupted I/O error, before anything left.
        assertThat(outcome.failure.get(5, TimeUnit.SECONDS))
                .isInstanceOf(InterruptedIOException.class)
                .hasMessageContaining("shut down");
        assertThat(server.getRequestCount()).isZero();
        assertThatThrownBy(() -> AttemptTransport.blockingOn(workers).handOn(() -> {}))
                .isInstanceOf(RejectedExecutionException.class);
    }

    @Test
    void anInterceptorThatThrowsStillEndsTheAttemptOnce() throws Exception {
        OkHttpClient throwing = http.newBuilder()
                .addInterceptor(chain -> {
                    throw new IllegalStateException("a broken interceptor");
                })
                .build();
        Outcome outcome = new Outcome();

        AttemptTransport.blockingOn(workers)
                .send(
                        throwing.newCall(
                                new Request.Builder().url(server.url("/")).build()),
                        outcome);

        assertThat(outcome.failure.get(5, TimeUnit.SECONDS))
                .isInstanceOf(IOException.class)
                .hasRootCauseInstanceOf(IllegalStateException.class);
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    void aCallCancelledBeforeItRunsFailsWithoutBeingSent() throws Exception {
        server.enqueue(new MockResponse().setBody("never read"));
        Call call = http.newCall(new Request.Builder().url(server.url("/")).build());
        call.cancel();
        Outcome outcome = new Outcome();

        AttemptTransport.blockingOn(workers).send(call, outcome);

        assertThat(outcome.failure.get(5, TimeUnit.SECONDS)).isInstanceOf(IOException.class);
        assertThat(server.getRequestCount()).isZero();
    }

    private Outcome send(AttemptTransport transport) {
        Outcome outcome = new Outcome();
        transport.send(http.newCall(new Request.Builder().url(server.url("/")).build()), outcome);
        return outcome;
    }

    /** What the callback heard, once. */
    private static final class Outcome implements Callback {
        final CompletableFuture<String> response = new CompletableFuture<>();
        final CompletableFuture<IOException> failure = new CompletableFuture<>();
        final CompletableFuture<String> thread = new CompletableFuture<>();

        @Override
        public void onResponse(Call call, Response answer) throws IOException {
            try (answer) {
                thread.complete(Thread.currentThread().getName());
                response.complete(answer.code() + " " + answer.body().string());
            }
        }

        @Override
        public void onFailure(Call call, IOException e) {
            thread.complete(Thread.currentThread().getName());
            failure.complete(e);
        }
    }
}
