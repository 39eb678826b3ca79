package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.limit.LimiterMetrics;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The transports' edges on a real socket: a callback that cannot read its answer, and the timed wrapper (L8). */
class AttemptTransportEdgesTest {

    @RegisterExtension
    final LoopbackTarget target = new LoopbackTarget(Duration.ofSeconds(5));

    private final OkHttpClient okHttp = target.okHttp();
    private final ExecutorService workers = Executors.newFixedThreadPool(2);
    private final MockWebServer server = target.server();

    @AfterEach
    void stop() {
        workers.shutdownNow();
    }

    @Test
    @DisplayName("RC1: on worker threads, an answer whose callback fails to read it is closed, not leaked")
    void anAnswerTheCallbackCouldNotReadIsClosed() throws Exception {
        server.enqueue(new MockResponse().setBody("unread body"));
        CompletableFuture<Integer> heard = new CompletableFuture<>();
        Call call = okHttp.newCall(
                new Request.Builder().url(server.url("/v1/models")).build());

        AttemptTransport.blockingOn(workers).send(call, new Callback() {
            @Override
            public void onResponse(Call sent, Response response) throws IOException {
                heard.complete(response.code());
                throw new IOException("could not read it");
            }

            @Override
            public void onFailure(Call failed, IOException e) {
                heard.completeExceptionally(e);
            }
        });

        assertThat(heard.get(10, TimeUnit.SECONDS)).isEqualTo(200);
        long until = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (okHttp.connectionPool().idleConnectionCount() == 0 && System.nanoTime() < until) {
            Thread.sleep(10);
        }
        assertThat(okHttp.connectionPool().idleConnectionCount()).isEqualTo(1);
    }

    @Test
    @DisplayName("L8: the timed transport records each tagged answer's latency under its model, then hands it on")
    void theTimedTransportRecordsLatencyByModel() throws Exception {
        server.enqueue(new MockResponse().setBody("ok"));
        server.enqueue(new MockResponse().setBody("ok"));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        AttemptTransport timed =
                AttemptTransport.timed(AttemptTransport.blockingOn(workers), LimiterMetrics.on(registry));

        long before = System.currentTimeMillis();
        assertThat(answer(
                        timed,
                        new Request.Builder()
                                .url(server.url("/v1/models"))
                                .tag(ModelTag.class, new ModelTag("m1"))
                                .build()))
                .isEqualTo(200);
        long took = System.currentTimeMillis() - before;
        assertThat(answer(
                        timed,
                        new Request.Builder().url(server.url("/v1/models")).build()))
                .isEqualTo(200);

        assertThat(registry.get(LimiterMetrics.UPSTREAM_LATENCY)
                        .tag("model", "m1")
                        .timer()
                        .count())
                .isEqualTo(1);
        // From the request's sending to its answer: within what the whole exchange took as the test saw it.
        assertThat(registry.get(LimiterMetrics.UPSTREAM_LATENCY)
                        .tag("model", "m1")
                        .timer()
                        .totalTime(TimeUnit.MILLISECONDS))
                .isBetween(0.0, (double) took);
        assertThat(registry.find(LimiterMetrics.UPSTREAM_LATENCY).timers()).hasSize(1);
    }

    @Test
    @DisplayName("L8: the timed transport hands a failure on as it came, with nothing recorded")
    void theTimedTransportHandsFailuresOn() throws Exception {
        int closedPort;
        try (java.net.ServerSocket socket = new java.net.ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        AttemptTransport timed =
                AttemptTransport.timed(AttemptTransport.blockingOn(workers), LimiterMetrics.on(registry));

        Throwable failure = org.assertj.core.api.Assertions.catchThrowable(() -> answer(
                timed,
                new Request.Builder()
                        .url("http://127.0.0.1:" + closedPort + "/v1/models")
                        .tag(ModelTag.class, new ModelTag("m1"))
                        .build()));

        assertThat(failure)
                .isInstanceOf(java.util.concurrent.ExecutionException.class)
                .hasCauseInstanceOf(java.net.ConnectException.class);
        assertThat(registry.find(LimiterMetrics.UPSTREAM_LATENCY).timers()).isEmpty();
    }

    @Test
    @DisplayName("L8: the timed transport hands a waiting retry on to the transport it wraps")
    void theTimedTransportHandsRetriesOn() throws Exception {
        CompletableFuture<String> ranOn = new CompletableFuture<>();
        AttemptTransport timed = AttemptTransport.timed(
                AttemptTransport.blockingOn(command -> new Thread(command, "wrapped-worker").start()),
                LimiterMetrics.on(new SimpleMeterRegistry()));

        timed.handOn(() -> ranOn.complete(Thread.currentThread().getName()));

        assertThat(ranOn.get(10, TimeUnit.SECONDS)).isEqualTo("wrapped-worker");
    }

    private int answer(AttemptTransport transport, Request request) throws Exception {
        CompletableFuture<Integer> heard = new CompletableFuture<>();
        transport.send(okHttp.newCall(request), new Callback() {
            @Override
            public void onResponse(Call sent, Response response) {
                try (response) {
                    heard.complete(response.code());
                }
            }

            @Override
            public void onFailure(Call failed, IOException e) {
                heard.completeExceptionally(e);
            }
        });
        return heard.get(10, TimeUnit.SECONDS);
    }
}
