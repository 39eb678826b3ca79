package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;
import static org.assertj.core.api.Assertions.tuple;

import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.OriginPauses;
import dev.stormwatch.retry.RetryPolicy;
import dev.stormwatch.testing.FakeClock;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.SocketPolicy;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The blocking executor's edges on a real socket: the one-request overload, which connection each request is written
 * on (CN1, CN2), and an interrupt during a pace.
 */
class RetryingExecutorEdgesTest {

    private final FakeClock clock = FakeClock.at("2026-12-01T12:00:00Z");

    @RegisterExtension
    final LoopbackTarget target = new LoopbackTarget(Duration.ofSeconds(5));

    private final OkHttpClient okHttp = target.okHttp();
    private final List<AttemptEvent> events = new CopyOnWriteArrayList<>();
    private final MockWebServer server = target.server();

    @Test
    @DisplayName("RC1: the same request sent on every attempt: a 503 closed and retried on its connection, then the"
            + " 200 handed back open")
    void theSameRequestOnEveryAttempt() throws Exception {
        server.enqueue(new MockResponse().setResponseCode(503).setBody("busy"));
        server.enqueue(new MockResponse().setBody("models"));
        RetryingExecutor executor = RetryingExecutor.builder(okHttp)
                .clock(clock)
                .sleeper(new FakeWaits(clock))
                .random(() -> 0.5)
                .listener(events::add)
                .build();
        Request request = new Request.Builder().url(server.url("/v1/models")).build();

        try (Response response =
                executor.execute(request, Operation.READ, "models", CallBudget.start(RetryPolicy.DEFAULT, clock))) {
            assertThat(response.code()).isEqualTo(200);
            assertThat(response.body().string()).isEqualTo("models");
        }
        assertThat(server.takeRequest().getPath()).isEqualTo("/v1/models");
        // The 503's body was closed before the retry: its connection went back to the pool and carried the retry.
        assertThat(server.takeRequest().getSequenceNumber()).isEqualTo(1);
        assertThat(events)
                .extracting(AttemptEvent::verdict, AttemptEvent::connection)
                .containsExactly(
                        tuple(AttemptEvent.Verdict.RETRY, ConnectionUse.OPENED),
                        tuple(AttemptEvent.Verdict.DELIVER, ConnectionUse.REUSED));
    }

    private RetryingExecutor plain() {
        return RetryingExecutor.builder(okHttp)
                .clock(clock)
                .sleeper(new FakeWaits(clock))
                .random(() -> 0.5)
                .listener(events::add)
                .build();
    }

    private int send(RetryingExecutor executor, Request request, Operation operation) {
        try (Response response =
                executor.execute(request, operation, "models", CallBudget.start(RetryPolicy.DEFAULT, clock))) {
            return response.code();
        }
    }

    @Test
    @DisplayName(
            "RA2, RA7: an attempt's wait hint quotes the Retry-After as received, and the cap's rule when it bound")
    void theWaitHintQuotesTheRetryAfterAndItsRule() {
        server.enqueue(new MockResponse().setResponseCode(503).setHeader("Retry-After", "2"));
        server.enqueue(new MockResponse().setBody("ok"));
        server.enqueue(new MockResponse().setResponseCode(503).setHeader("Retry-After", "100000"));
        RetryingExecutor executor = plain();
        Request get = new Request.Builder().url(server.url("/v1/models")).build();

        assertThat(send(executor, get, Operation.READ)).isEqualTo(200);
        catchThrowableOfType(CallFailure.Recoverable.class, () -> send(executor, get, Operation.READ));

        assertThat(events)
                .extracting(AttemptEvent::verdict, AttemptEvent::waitHint)
                .containsExactly(
                        tuple(AttemptEvent.Verdict.RETRY, java.util.Optional.of("retry-after: 2 (RA2)")),
                        tuple(AttemptEvent.Verdict.DELIVER, java.util.Optional.empty()),
                        tuple(AttemptEvent.Verdict.STOP, java.util.Optional.of("retry-after: 100000 (RA7)")));
        assertThat(events.get(2).retryAfter()).contains(Duration.ofSeconds(86_400));
    }

    @Test
    @DisplayName("CN1: GETs share a pooled connection; a POST goes onto a connection opened for it")
    void onlyResendableRequestsUseThePool() throws Exception {
        for (int k = 0; k < 3; k++) {
            server.enqueue(new MockResponse().setBody("ok"));
        }
        RetryingExecutor executor = plain();
        Request get = new Request.Builder().url(server.url("/v1/models")).build();
        Request post = new Request.Builder()
                .url(server.url("/v1/chat/completions"))
                .post(okhttp3.RequestBody.create("{}", okhttp3.MediaType.get("application/json")))
                .build();

        assertThat(send(executor, get, Operation.READ)).isEqualTo(200);
        assertThat(send(executor, get, Operation.READ)).isEqualTo(200);
        assertThat(send(executor, post, Operation.SEND_ONCE)).isEqualTo(200);

        assertThat(List.of(
                        server.takeRequest().getSequenceNumber(),
                        server.takeRequest().getSequenceNumber(),
                        server.takeRequest().getSequenceNumber()))
                .containsExactly(0, 1, 0);
        assertThat(events)
                .extracting(AttemptEvent::connection)
                .containsExactly(ConnectionUse.OPENED, ConnectionUse.REUSED, ConnectionUse.OPENED_NOT_RESENDABLE);
        assertThat(events).extracting(AttemptEvent::verdict).containsOnly(AttemptEvent.Verdict.DELIVER);
    }

    @Test
    @DisplayName("CN2: a GET written onto a pooled connection the server had closed goes again on a new one, as the"
            + " same attempt")
    void aStalePooledConnectionIsMetOnceAndLeft() throws Exception {
        server.enqueue(new MockResponse().setBody("first").setSocketPolicy(SocketPolicy.DISCONNECT_AT_END));
        server.enqueue(new MockResponse().setBody("second"));
        RetryingExecutor executor = plain();
        Request get = new Request.Builder().url(server.url("/v1/models")).build();

        assertThat(send(executor, get, Operation.READ)).isEqualTo(200);
        assertThat(send(executor, get, Operation.READ)).isEqualTo(200);

        assertThat(server.getRequestCount()).isEqualTo(2);
        assertThat(events)
                .extracting(AttemptEvent::attempt, AttemptEvent::verdict, AttemptEvent::connection)
                .containsExactly(
                        tuple(1, AttemptEvent.Verdict.DELIVER, ConnectionUse.OPENED),
                        tuple(1, AttemptEvent.Verdict.DELIVER, ConnectionUse.OPENED_AFTER_STALE));
        assertThat(okHttp.connectionPool().idleConnectionCount()).isEqualTo(1);
    }

    @Test
    @DisplayName("CN2: after one stale pooled connection, the others idle beside it are left too: the GET goes onto a"
            + " new connection at once")
    void everyIdleConnectionIsLeftAfterAStaleOne() throws Exception {
        for (int k = 0; k < 2; k++) {
            server.enqueue(new MockResponse()
                    .setBody("first")
                    .setHeadersDelay(300, TimeUnit.MILLISECONDS)
                    .setSocketPolicy(SocketPolicy.DISCONNECT_AT_END));
        }
        server.enqueue(new MockResponse().setBody("after"));
        RetryingExecutor executor = plain();
        Request get = new Request.Builder().url(server.url("/v1/models")).build();
        // Two calls at once open two connections; the server closes each after its answer, while both sit idle.
        java.util.concurrent.CompletableFuture<Integer> one =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> send(executor, get, Operation.READ));
        java.util.concurrent.CompletableFuture<Integer> two =
                java.util.concurrent.CompletableFuture.supplyAsync(() -> send(executor, get, Operation.READ));
        assertThat(one.get(10, TimeUnit.SECONDS)).isEqualTo(200);
        assertThat(two.get(10, TimeUnit.SECONDS)).isEqualTo(200);
        assertThat(okHttp.connectionPool().idleConnectionCount()).isEqualTo(2);
        events.clear();

        assertThat(send(executor, get, Operation.READ)).isEqualTo(200);

        assertThat(events)
                .extracting(AttemptEvent::attempt, AttemptEvent::verdict, AttemptEvent::connection)
                .containsExactly(tuple(1, AttemptEvent.Verdict.DELIVER, ConnectionUse.OPENED_AFTER_STALE));
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @Test
    @DisplayName("CN2: a pooled connection that began an answer (a 103) and then closed was not stale: the GET is"
            + " retried as a new attempt")
    void anAnswerThatBeganIsNotAStaleConnection() throws Exception {
        try (ServerSocket raw = new ServerSocket(0, 5, InetAddress.getLoopbackAddress())) {
            Thread serving = new Thread(() -> serveEarlyHintsThenClose(raw), "early-hints-server");
            serving.setDaemon(true);
            serving.start();
            RetryingExecutor executor = plain();
            Request get = new Request.Builder()
                    .url("http://127.0.0.1:" + raw.getLocalPort() + "/v1/models")
                    .build();

            assertThat(send(executor, get, Operation.READ)).isEqualTo(200);
            assertThat(send(executor, get, Operation.READ)).isEqualTo(200);

            assertThat(events)
                    .extracting(AttemptEvent::attempt, AttemptEvent::verdict, AttemptEvent::connection)
                    .containsExactly(
                            tuple(1, AttemptEvent.Verdict.DELIVER, ConnectionUse.OPENED),
                            tuple(1, AttemptEvent.Verdict.RETRY, ConnectionUse.REUSED),
                            tuple(2, AttemptEvent.Verdict.DELIVER, ConnectionUse.OPENED));
        }
    }

    /**
     * First connection: answers one request, then answers the next with a 103 Early Hints alone and closes. Every
     * later connection: answers one request.
     */
    private static void serveEarlyHintsThenClose(ServerSocket raw) {
        String ok = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
        try (Socket first = raw.accept()) {
            readHead(first.getInputStream());
            first.getOutputStream().write(ok.getBytes(StandardCharsets.US_ASCII));
            readHead(first.getInputStream());
            first.getOutputStream().write("HTTP/1.1 103 Early Hints\r\n\r\n".getBytes(StandardCharsets.US_ASCII));
            first.getOutputStream().flush();
        } catch (IOException e) {
            return;
        }
        while (!raw.isClosed()) {
            try (Socket next = raw.accept()) {
                readHead(next.getInputStream());
                next.getOutputStream()
                        .write(("HTTP/1.1 200 OK\r\nContent-Length: 2\r\nConnection: close\r\n\r\nok")
                                .getBytes(StandardCharsets.US_ASCII));
            } catch (IOException e) {
                return;
            }
        }
    }

    private static void readHead(InputStream in) throws IOException {
        int matched = 0;
        byte[] end = {'\r', '\n', '\r', '\n'};
        while (matched < end.length) {
            int b = in.read();
            if (b < 0) {
                throw new IOException("closed before the end of the head");
            }
            matched = b == end[matched] ? matched + 1 : (b == '\r' ? 1 : 0);
        }
    }

    @Test
    @DisplayName("RH13, P2: interrupted while it waits out a pace, the step ends unsent with the pace's 429 and keeps"
            + " the interrupt")
    void anInterruptDuringAPaceEndsTheStepAndKeepsTheInterrupt() {
        server.enqueue(new MockResponse().setResponseCode(200));
        OriginPauses pauses = new OriginPauses(clock);
        Request request = new Request.Builder().url(server.url("/v1/models")).build();
        pauses.pace(RequestOrigin.of(request.url()), clock.instant().plusMillis(800));
        List<Duration> slept = new CopyOnWriteArrayList<>();
        RetryingExecutor executor = RetryingExecutor.builder(okHttp)
                .clock(clock)
                .pauses(pauses)
                .random(() -> 0.0)
                .sleeper(delay -> {
                    slept.add(delay);
                    throw new InterruptedException("shutting down");
                })
                .listener(events::add)
                .build();

        CallFailure.Recoverable failure;
        boolean interrupted;
        try {
            failure = catchThrowableOfType(
                    CallFailure.Recoverable.class,
                    () -> executor.execute(
                                    request, Operation.READ, "models", CallBudget.start(RetryPolicy.DEFAULT, clock))
                            .close());
        } finally {
            interrupted = Thread.interrupted(); // reads and clears the flag, so that later tests are not interrupted
        }

        assertThat(interrupted).isTrue();
        assertThat(slept).containsExactly(Duration.ofMillis(800));
        assertThat(failure).isNotNull();
        assertThat(failure.origin()).isEqualTo(Origin.of(server.url("/").uri()));
        assertThat(((CallFailure.Server) failure.reason()).status()).isEqualTo(OriginPauses.PACE_STATUS);
        assertThat(((CallFailure.Server) failure.reason()).attempts()).isZero();
        assertThat(server.getRequestCount()).isZero();
        assertThat(events)
                .extracting(AttemptEvent::verdict)
                .containsExactly(AttemptEvent.Verdict.PACED, AttemptEvent.Verdict.REFUSED_BY_PAUSE);
    }
}
