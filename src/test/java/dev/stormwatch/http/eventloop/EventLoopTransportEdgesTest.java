package dev.stormwatch.http.eventloop;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.http.RequestDeadline;
import dev.stormwatch.http.TrackedSend;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.testing.FakeClock;
import java.io.IOException;
import java.net.ConnectException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.SocketTimeoutException;
import java.time.Clock;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import okhttp3.Call;
import okhttp3.Callback;
import okhttp3.HttpUrl;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The event-loop transport's edges that {@link EventLoopTransportTest} leaves open, over real loopback sockets with a
 * server that writes exactly the bytes a test gives ({@link ScriptedServer}): an answer to HEAD, a request body larger
 * than the socket takes at once, a callback that throws, workers that refuse the outcome, a close from a callback,
 * a host whose every address refuses. Each is an outcome the executors classify as they classify OkHttp's (ST2, F1,
 * RC3), delivered exactly once.
 */
class EventLoopTransportEdgesTest {

    private static final String LOOP_THREAD = EventLoopHarness.LOOP_THREAD;
    private static final String WORKER_THREAD = "event-loop-edges-worker";

    @RegisterExtension
    final EventLoopHarness harness = new EventLoopHarness(WORKER_THREAD);

    private final ExecutorService workers = harness.workers;
    private final OkHttpClient client = harness.client;

    private ScriptedServer server() throws IOException {
        return harness.closeAfter(new ScriptedServer());
    }

    private EventLoopTransport start(OkHttpClient timeouts, EventLoopTransport.Delivery delivery) {
        return harness.start(timeouts, delivery, 2, Clock.systemUTC());
    }

    private EventLoopTransport start() {
        return start(client, EventLoopTransport.Delivery.ON_LOOP);
    }

    private RecordedAttempt send(EventLoopTransport transport, OkHttpClient through, Request request) {
        return harness.send(transport, through, request);
    }

    private RecordedAttempt send(EventLoopTransport transport, Request request) {
        return harness.send(transport, request);
    }

    private RecordedAttempt send(EventLoopTransport transport, Request request, Consumer<Response> onAnswer) {
        return harness.send(transport, request, onAnswer);
    }

    @Test
    @DisplayName(
            "RC3: an answer to HEAD ends at its head whatever length it names, and its connection carries the next")
    void anAnswerToHeadEndsAtItsHead() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytes("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n"))
                .then(ScriptedServer.bytes("HTTP/1.1 200 OK\r\nContent-Length: 4\r\n\r\nnext"));
        EventLoopTransport transport = start();

        RecordedAttempt head = send(
                transport, new Request.Builder().url(server.url("/h")).head().build());

        assertThat(head.answer()).isEqualTo("200 ");
        assertThat(send(transport, new Request.Builder().url(server.url("/g")).build())
                        .answer())
                .isEqualTo("200 next");
        assertThat(server.connections()).as("one connection for both").isEqualTo(1);
        assertThat(server.heads().get(0)).startsWith("HEAD /h HTTP/1.1\r\n");
    }

    @Test
    @DisplayName("ST2: a request body larger than the socket takes at once goes out whole, and the answer follows")
    void aLargeBodyGoesOutWhole() throws Exception {
        ScriptedServer server =
                server().then(ScriptedServer.bytes("HTTP/1.1 201 Created\r\nContent-Length: 2\r\n\r\nok"));
        EventLoopTransport transport = start();
        String body = "b".repeat(8 * 1024 * 1024);

        RecordedAttempt attempt = send(
                transport,
                new Request.Builder()
                        .url(server.url("/upload"))
                        .post(RequestBody.create(body, MediaType.get("text/plain")))
                        .build());

        assertThat(attempt.answer(30)).isEqualTo("201 ok");
        assertThat(server.bodies().get(0)).hasSize(body.length());
    }

    @Test
    @DisplayName("RC3, F1: a request body the server does not read fails after the write timeout, as sent")
    void aBodyTheServerDoesNotReadTimesOut() throws Exception {
        // A listener that never accepts: the kernel completes the connection, and nobody reads what arrives.
        try (ServerSocket unread = new ServerSocket(0, 50, InetAddress.getLoopbackAddress())) {
            OkHttpClient shortWrite =
                    client.newBuilder().writeTimeout(300, TimeUnit.MILLISECONDS).build();
            EventLoopTransport transport = start(shortWrite, EventLoopTransport.Delivery.ON_LOOP);

            RecordedAttempt attempt = send(
                    transport,
                    shortWrite,
                    new Request.Builder()
                            .url("http://127.0.0.1:" + unread.getLocalPort() + "/upload")
                            .post(RequestBody.create(new byte[64 * 1024 * 1024]))
                            .build());

            assertThat(attempt.failure(30)).isInstanceOf(SocketTimeoutException.class);
            assertThat(attempt.progress.requestStarted())
                    .as("F1: it began to go out")
                    .isTrue();
        }
    }

    @Test
    @DisplayName("ST2, F1: a host whose every address refuses fails as CONNECT_REFUSED naming none sent")
    void everyAddressRefusing() throws Exception {
        int closedPort;
        try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = probe.getLocalPort();
        }
        EventLoopTransport transport = start();
        transport.resolveAs("nobody.test", InetAddress.getByName("127.0.0.2"), InetAddress.getByName("127.0.0.3"));

        RecordedAttempt attempt = send(
                transport,
                new Request.Builder()
                        .url("http://nobody.test:" + closedPort + "/")
                        .build());

        assertThat(attempt.failure())
                .as("the kernel's own ConnectException, as it came")
                .isInstanceOf(ConnectException.class)
                .hasNoCause();
        assertThat(attempt.kind()).isEqualTo(FailureKind.CONNECT_REFUSED);
        assertThat(attempt.progress.requestStarted()).isFalse();
        assertThat(attempt.outcomes.get()).isEqualTo(1);
    }

    @Test
    @DisplayName("ST2: a callback that throws does not stop the loop: the next attempt is answered")
    void aThrowingCallbackLeavesTheLoopRunning() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytes("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nfirst"))
                .then(ScriptedServer.bytes("HTTP/1.1 200 OK\r\nContent-Length: 6\r\n\r\nsecond"));
        EventLoopTransport transport = start();
        RecordedAttempt throwing =
                send(transport, new Request.Builder().url(server.url("/1")).build(), response -> {
                    throw new IllegalStateException("the caller's bug");
                });

        assertThat(throwing.ended.get(5, TimeUnit.SECONDS)).isNull();
        assertThat(send(transport, new Request.Builder().url(server.url("/2")).build())
                        .answer())
                .isEqualTo("200 second");
    }

    @Test
    @DisplayName("ST2: outcomes still arrive, on the loop, when the workers that should run them were shut down")
    void outcomesArriveWhenTheWorkersRefuse() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytes("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok"));
        EventLoopTransport transport = start(client, EventLoopTransport.Delivery.ON_WORKERS);
        workers.shutdown();

        RecordedAttempt attempt =
                send(transport, new Request.Builder().url(server.url("/")).build());

        assertThat(attempt.answer()).isEqualTo("200 ok");
        assertThat(attempt.thread.get()).isEqualTo(LOOP_THREAD);
    }

    @Test
    @DisplayName("ST2: a retry handed on with delivery on the workers runs on a worker")
    void handOnRunsOnTheWorkersWhenDeliverySaysSo() throws Exception {
        EventLoopTransport onWorkers = start(client, EventLoopTransport.Delivery.ON_WORKERS);
        EventLoopTransport onLoop = start();
        CompletableFuture<String> worker = new CompletableFuture<>();
        CompletableFuture<String> loop = new CompletableFuture<>();

        onWorkers.handOn(() -> worker.complete(Thread.currentThread().getName()));
        onLoop.handOn(() -> loop.complete(Thread.currentThread().getName()));

        assertThat(worker.get(5, TimeUnit.SECONDS)).isEqualTo(WORKER_THREAD);
        assertThat(loop.get(5, TimeUnit.SECONDS)).isEqualTo(LOOP_THREAD);
    }

    @Test
    @DisplayName("ST2: close from a callback on the loop returns at once, and nothing queued goes out after it")
    void closeFromACallbackOnTheLoop() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytes(OK)).then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        CompletableFuture<Long> closeTook = new CompletableFuture<>();
        RecordedAttempt closing = send(transport, get(server, "/closes"), response -> {
            long start = System.nanoTime();
            transport.close();
            closeTook.complete(System.nanoTime() - start);
        });
        RecordedAttempt queued = send(transport, get(server, "/queued")); // waits for the one connection

        assertThat(closing.answer()).isEqualTo("200 ok");
        assertThat(closeTook.get(5, TimeUnit.SECONDS))
                .as("close did not wait for the loop it runs on (it would wait 5 s)")
                .isLessThan(TimeUnit.SECONDS.toNanos(4));
        assertThat(queued.failure()).hasMessageContaining("closed");
        Thread.sleep(300); // a request written after the close would have arrived by now
        assertThat(server.heads()).as("only the first request went out").hasSize(1);
    }

    @Test
    @DisplayName(
            "ST2: close from a callback with a second connection busy: the attempt queued behind both never goes out")
    void closeFromACallbackWithTwoConnections() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.silence())
                .then(ScriptedServer.inTwoParts("HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\n", 500, "ok"))
                .then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = harness.start(client, EventLoopTransport.Delivery.ON_LOOP, 2, Clock.systemUTC());
        RecordedAttempt busy = send(transport, get(server, "/busy"));
        waitFor(() -> server.heads().size() == 1);
        RecordedAttempt closing = send(transport, get(server, "/closes"), response -> transport.close());
        waitFor(() -> server.heads().size() == 2);
        RecordedAttempt queued = send(transport, get(server, "/queued")); // both connections busy: it waits

        assertThat(closing.answer()).isEqualTo("200 ok");
        assertThat(queued.failure()).hasMessageContaining("closed");
        assertThat(busy.failure()).hasMessageContaining("closed");
        Thread.sleep(300); // a request written after the close would have arrived by now
        assertThat(server.heads()).as("the queued request never went out").hasSize(2);
    }

    @Test
    @DisplayName("ST2: close from another thread returns once every attempt it held has heard of it")
    void closeWaitsForTheLoopToEnd() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.silence());
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        RecordedAttempt stalled = send(transport, get(server, "/stalls"));
        waitFor(() -> server.heads().size() == 1);

        transport.close();

        assertThat(stalled.ended).as("failed before close returned").isDone();
        assertThat(stalled.failure()).hasMessageContaining("closed");
    }

    @Test
    @DisplayName("ST2: close from an interrupted thread does not swallow the interrupt")
    void closeKeepsTheCallersInterrupt() {
        EventLoopTransport transport = start();

        Thread.currentThread().interrupt();
        transport.close();

        assertThat(Thread.interrupted())
                .as("still interrupted (and now cleared)")
                .isTrue();
    }

    @Test
    @DisplayName("ST2: the event loop's thread is a daemon, so a run that was never closed does not keep the JVM alive")
    void theLoopThreadIsADaemon() throws Exception {
        CompletableFuture<EventLoopTransport> started = new CompletableFuture<>();
        // Started from a thread that is not a daemon itself: a new thread inherits its creator's flag.
        Thread starter = new Thread(() -> started.complete(start()), "event-loop-edges-starter");
        starter.setDaemon(false);
        starter.start();
        starter.join(5_000);
        EventLoopTransport transport = started.get(5, TimeUnit.SECONDS);
        CompletableFuture<Boolean> daemon = new CompletableFuture<>();

        transport.handOn(() -> daemon.complete(Thread.currentThread().isDaemon()));

        assertThat(daemon.get(5, TimeUnit.SECONDS)).isTrue();
    }

    @Test
    @DisplayName("ST2, CN4: an Error in a callback stops the loop, fails what it held, hears each attempt once, and is"
            + " not swallowed")
    void anErrorInACallbackStopsTheLoop() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.silence()).then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = start();
        RecordedAttempt stalled = send(transport, get(server, "/stalls"));
        waitFor(() -> server.heads().size() == 1);
        CompletableFuture<Throwable> uncaught = new CompletableFuture<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            if (thread.getName().equals(LOOP_THREAD)) {
                uncaught.complete(e);
            }
        });
        try {
            RecordedAttempt errs = send(transport, get(server, "/errs"), response -> {
                throw new AssertionError("an Error in the caller's callback");
            });

            assertThat(stalled.failure()).hasMessageContaining("event loop stopped");
            assertThat(uncaught.get(5, TimeUnit.SECONDS))
                    .isInstanceOf(AssertionError.class)
                    .hasMessage("an Error in the caller's callback");
            // CN4: the loop's shutdown, which ran before the Error reached the handler, did not fail it again.
            assertThat(errs.outcomes).as("the callback heard once").hasValue(1);
            assertThat(stalled.outcomes).hasValue(1);
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
    }

    @Test
    @DisplayName("ST2: a loop closed in the ordinary way ends without an uncaught exception")
    void anOrdinaryCloseEndsQuietly() throws Exception {
        CompletableFuture<Throwable> uncaught = new CompletableFuture<>();
        Thread.UncaughtExceptionHandler before = Thread.getDefaultUncaughtExceptionHandler();
        Thread.setDefaultUncaughtExceptionHandler((thread, e) -> {
            if (thread.getName().equals(LOOP_THREAD)) {
                uncaught.complete(e);
            }
        });
        try {
            EventLoopTransport transport = start();
            CompletableFuture<Thread> loop = new CompletableFuture<>();
            transport.handOn(() -> loop.complete(Thread.currentThread()));
            Thread thread = loop.get(5, TimeUnit.SECONDS);

            transport.close();
            thread.join(5_000);

            assertThat(thread.isAlive()).isFalse();
            assertThat(uncaught).as("nothing thrown out of the loop").isNotDone();
        } finally {
            Thread.setDefaultUncaughtExceptionHandler(before);
        }
    }

    @Test
    @DisplayName("RC3: the transport refuses a connection limit below one in the words of the parameter")
    void aConnectionLimitBelowOneIsRefused() {
        assertThatThrownBy(() -> EventLoopTransport.start(
                        client, workers, EventLoopTransport.Delivery.ON_LOOP, 0, Clock.systemUTC()))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("maxConnections must be at least 1, was 0");
    }

    @Test
    @DisplayName("F1: the transport carries plain http to loopback only; https and other hosts go to OkHttp")
    void carriesPlainHttpToLoopbackOnly() {
        EventLoopTransport transport = start();

        assertThat(transport.carries(HttpUrl.get("http://127.0.0.1:8080/"))).isTrue();
        assertThat(transport.carries(HttpUrl.get("http://localhost:8080/"))).isTrue();
        assertThat(transport.carries(HttpUrl.get("https://127.0.0.1:8443/"))).isFalse();
        assertThat(transport.carries(HttpUrl.get("http://192.0.2.1:8080/"))).isFalse();
    }

    private static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";

    private EventLoopTransport startWithOneConnection(Clock clock) {
        EventLoopTransport transport =
                EventLoopTransport.start(client, workers, EventLoopTransport.Delivery.ON_LOOP, 1, clock);
        harness.closeAfter(transport);
        return transport;
    }

    private static Request get(ScriptedServer server, String path) {
        return new Request.Builder().url(server.url(path)).build();
    }

    @Test
    @DisplayName(
            "ST2, F1: an address the kernel refuses at once fails its attempt as CONNECT_REFUSED; the loop goes on")
    void anAddressRefusedAtOnce() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        // TCP to the broadcast address fails inside connect() itself ("Network is unreachable"), not later.
        transport.resolveAs("broadcast.test", InetAddress.getByName("255.255.255.255"));

        RecordedAttempt refused = send(
                transport,
                new Request.Builder()
                        .url("http://broadcast.test:" + server.port() + "/")
                        .build());

        assertThat(refused.failure())
                .isInstanceOf(ConnectException.class)
                .hasMessageStartingWith("Failed to connect to /255.255.255.255:" + server.port() + ": ")
                .hasMessageNotContaining("no address")
                .hasCauseInstanceOf(java.net.SocketException.class);
        assertThat(refused.kind()).isEqualTo(FailureKind.CONNECT_REFUSED);
        assertThat(refused.outcomes.get()).isEqualTo(1);
        assertThat(send(transport, get(server, "/next")).answer()).isEqualTo("200 ok");
    }

    @Test
    @DisplayName(
            "ST2: with retries on connection failure, an address refused at once gives way to the next; without, not")
    void anAddressRefusedAtOnceGivesWayOnlyWithRetries() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytes(OK));
        Request request = new Request.Builder()
                .url("http://first-unreachable.test:" + server.port() + "/")
                .build();
        EventLoopTransport retrying = startWithOneConnection(Clock.systemUTC());
        OkHttpClient noRetry =
                client.newBuilder().retryOnConnectionFailure(false).build();
        EventLoopTransport single =
                EventLoopTransport.start(noRetry, workers, EventLoopTransport.Delivery.ON_LOOP, 1, Clock.systemUTC());
        harness.closeAfter(single);
        for (EventLoopTransport transport : List.of(retrying, single)) {
            transport.resolveAs(
                    "first-unreachable.test",
                    InetAddress.getByName("255.255.255.255"),
                    InetAddress.getByName("127.0.0.1"));
        }

        assertThat(send(retrying, request).answer()).isEqualTo("200 ok");
        RecordedAttempt refused = send(single, noRetry, request);
        assertThat(refused.failure()).isInstanceOf(ConnectException.class);
        assertThat(refused.kind()).isEqualTo(FailureKind.CONNECT_REFUSED);
        assertThat(server.heads()).hasSize(1);
    }

    @Test
    @DisplayName("without retries on connection failure, a host whose one address answers is reached on it")
    void withoutRetriesTheFirstAddressIsStillTried() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytes(OK));
        OkHttpClient noRetry =
                client.newBuilder().retryOnConnectionFailure(false).build();
        EventLoopTransport single = start(noRetry, EventLoopTransport.Delivery.ON_LOOP);

        assertThat(send(single, noRetry, get(server, "/")).answer()).isEqualTo("200 ok");
        assertThat(server.heads()).hasSize(1);
    }

    @Test
    @DisplayName("ST2: attempts to an address refused at once leave no socket open behind them")
    void anAddressRefusedAtOnceLeavesNoSocket() throws Exception {
        java.nio.file.Path descriptors = java.nio.file.Path.of("/proc/self/fd");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                java.nio.file.Files.isDirectory(descriptors), "no /proc/self/fd to count open descriptors");
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        transport.resolveAs("broadcast.test", InetAddress.getByName("255.255.255.255"));
        Request request = new Request.Builder().url("http://broadcast.test:9/").build();
        send(transport, request).failure(); // the loop's own descriptors are open from here on
        long before;
        try (var open = java.nio.file.Files.list(descriptors)) {
            before = open.count();
        }

        for (int i = 0; i < 300; i++) {
            assertThat(send(transport, request).failure()).isInstanceOf(ConnectException.class);
        }

        long after;
        try (var open = java.nio.file.Files.list(descriptors)) {
            after = open.count();
        }
        assertThat(after - before)
                .as("descriptors left open by 300 refused attempts")
                .isLessThan(100);
    }

    @Test
    @DisplayName(
            "ST2: at the connection limit, another origin's attempt takes the slot of an idle connection, closing it")
    void anotherOriginTakesTheSlotOfAnIdleConnection() throws Exception {
        ScriptedServer first = server().then(ScriptedServer.bytes(OK));
        ScriptedServer second = server().then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        assertThat(send(transport, get(first, "/")).answer()).isEqualTo("200 ok");
        assertThat(first.endedConnections()).as("kept alive").isZero();

        assertThat(send(transport, get(second, "/")).answer()).isEqualTo("200 ok");

        waitFor(() -> first.endedConnections() == 1); // closed for the other origin, not left open beside it
    }

    @Test
    @DisplayName("ST2, F1: a next address refused at once ends the attempt as CONNECT_REFUSED, once, nothing sent")
    void aNextAddressRefusedAtOnce() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        transport.resolveAs(
                "two-bad.test", InetAddress.getByName("127.0.0.2"), InetAddress.getByName("255.255.255.255"));

        RecordedAttempt refused = send(
                transport,
                new Request.Builder()
                        .url("http://two-bad.test:" + server.port() + "/")
                        .build());

        assertThat(refused.failure()).isInstanceOf(ConnectException.class);
        assertThat(refused.kind()).isEqualTo(FailureKind.CONNECT_REFUSED);
        assertThat(refused.progress.requestStarted()).isFalse();
        assertThat(send(transport, get(server, "/next")).answer())
                .as("the one connection slot is free again")
                .isEqualTo("200 ok");
    }

    @Test
    @DisplayName(
            "ST2: a call cancelled before it leaves the queue fails as Canceled; the idle connection stays for the next")
    void aCallCancelledBeforeItLeavesTheQueue() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytes(OK)).then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        assertThat(send(transport, get(server, "/1")).answer()).isEqualTo("200 ok");
        TrackedSend progress = new TrackedSend();
        Call cancelled = client.newCall(progress.tag(get(server, "/cancelled")));
        cancelled.cancel();
        RecordedAttempt attempt = new RecordedAttempt(cancelled, progress);

        transport.send(cancelled, attempt);

        assertThat(attempt.failure()).hasMessage("Canceled");
        assertThat(send(transport, get(server, "/2")).answer()).isEqualTo("200 ok");
        assertThat(server.connections())
                .as("the kept-alive connection carried both")
                .isEqualTo(1);
        assertThat(server.heads()).hasSize(2);
    }

    @Test
    @DisplayName(
            "RC5: an attempt whose deadline passed is refused with nothing sent; the idle connection stays for the next")
    void aPassedDeadlineLeavesTheIdleConnection() throws Exception {
        FakeClock clock = FakeClock.at("2026-12-02T04:00:00Z");
        ScriptedServer server = server().then(ScriptedServer.bytes(OK)).then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection(clock);
        assertThat(send(transport, get(server, "/1")).answer()).isEqualTo("200 ok");

        RecordedAttempt late = send(
                transport,
                get(server, "/late")
                        .newBuilder()
                        .tag(
                                RequestDeadline.class,
                                RequestDeadline.at(clock.instant().minusSeconds(1)))
                        .build());

        assertThat(late.failure()).hasMessageContaining("nothing was sent");
        assertThat(late.progress.requestStarted()).isFalse();
        assertThat(send(transport, get(server, "/2")).answer()).isEqualTo("200 ok");
        assertThat(server.connections()).isEqualTo(1);
        assertThat(server.heads()).hasSize(2);
    }

    @Test
    @DisplayName("F1: a request body that cannot be written fails its attempt with nothing sent; the connection stays")
    void aBodyThatCannotBeWritten() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytes(OK)).then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        assertThat(send(transport, get(server, "/1")).answer()).isEqualTo("200 ok");

        RecordedAttempt unreadable = send(transport, post(server, new IOException("the upload's file is gone")));
        RecordedAttempt broken = send(transport, post(server, new IllegalStateException("a bug in the body")));

        assertThat(unreadable.failure()).hasMessage("the upload's file is gone");
        assertThat(unreadable.progress.requestStarted()).isFalse();
        assertThat(broken.failure())
                .isInstanceOf(IOException.class)
                .hasMessageContaining("could not encode the request")
                .hasMessageContaining("a bug in the body");
        assertThat(broken.progress.requestStarted()).isFalse();
        assertThat(send(transport, get(server, "/2")).answer()).isEqualTo("200 ok");
        assertThat(server.connections()).isEqualTo(1);
        assertThat(server.heads()).hasSize(2);
    }

    private static Request post(ScriptedServer server, Exception failure) {
        return new Request.Builder()
                .url(server.url("/upload"))
                .post(new RequestBody() {
                    @Override
                    public MediaType contentType() {
                        return null;
                    }

                    @Override
                    public void writeTo(okio.BufferedSink sink) throws IOException {
                        if (failure instanceof IOException io) {
                            throw io;
                        }
                        throw (RuntimeException) failure;
                    }
                })
                .build();
    }

    @Test
    @DisplayName("ST2: a kept-alive connection the server reset while idle fails the next attempt; its slot is freed")
    void aConnectionResetWhileIdle() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytesThenReset(OK)).then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        assertThat(send(transport, get(server, "/1")).answer()).isEqualTo("200 ok");
        waitFor(() -> server.endedConnections() == 1);
        Thread.sleep(100); // the reset reaches this side

        RecordedAttempt next = send(transport, get(server, "/2"));

        assertThat(next.failure()).isInstanceOf(IOException.class);
        assertThat(next.kind()).isEqualTo(FailureKind.RESET_AFTER_SEND);
        assertThat(next.outcomes.get()).isEqualTo(1);
        assertThat(send(transport, get(server, "/3")).answer())
                .as("on a new connection, in the one slot")
                .isEqualTo("200 ok");
        assertThat(server.connections()).isEqualTo(2);
    }

    @Test
    @DisplayName("F1: a POST does not go out on a connection the server reset while it was idle: it gets a new one")
    void aPostChecksAConnectionResetWhileIdle() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytesThenReset(OK)).then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        transport.healthCheckAfter(java.time.Duration.ZERO); // OkHttp checks after 10 s idle
        assertThat(send(transport, get(server, "/1")).answer()).isEqualTo("200 ok");
        waitFor(() -> server.endedConnections() == 1);
        Thread.sleep(100); // the reset reaches this side

        RecordedAttempt post = send(
                transport,
                new Request.Builder()
                        .url(server.url("/write"))
                        .post(RequestBody.create("{}", MediaType.get("application/json")))
                        .build());

        assertThat(post.answer()).isEqualTo("200 ok");
        assertThat(server.connections()).as("on a new connection").isEqualTo(2);
    }

    @Test
    @DisplayName(
            "ST2, F1: as OkHttp, a POST reuses a connection idle under 10 s unchecked; one the server closed fails it")
    void aPostReusesAConnectionIdleUnderTenSecondsUnchecked() throws Exception {
        // The load engine keeps OkHttp's behaviour (CN1 and CN2 are the blocking executor's): its storms model it.
        ScriptedServer server = server().then(ScriptedServer.bytesThenClose(OK)).then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        assertThat(send(transport, get(server, "/1")).answer()).isEqualTo("200 ok");
        waitFor(() -> server.endedConnections() == 1);
        Thread.sleep(100); // the close reaches this side

        RecordedAttempt post = send(
                transport,
                new Request.Builder()
                        .url(server.url("/write"))
                        .post(RequestBody.create("{}", MediaType.get("application/json")))
                        .build());

        assertThat(post.kind()).isEqualTo(FailureKind.RESET_AFTER_SEND);
        assertThat(server.connections()).as("written on the closed connection").isEqualTo(1);
    }

    @Test
    @DisplayName(
            "ST2: a body cut short is handed over with its type; it reads what came, then fails, with no timeout of its own")
    void aBodyCutShortReadsWhatCameThenFails() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytesThenClose(
                "HTTP/1.1 503 Busy\r\nContent-Type: text/plain; charset=utf-8\r\nContent-Length: 10\r\n\r\nabc"));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        CompletableFuture<Response> given = new CompletableFuture<>();
        Call call = client.newCall(get(server, "/cut"));

        transport.send(call, new Callback() {
            @Override
            public void onResponse(Call call, Response response) {
                given.complete(response);
            }

            @Override
            public void onFailure(Call call, IOException e) {
                given.completeExceptionally(e);
            }
        });

        try (Response response = given.get(5, TimeUnit.SECONDS)) {
            assertThat(response.code()).isEqualTo(503);
            assertThat(response.body().contentType()).isEqualTo(MediaType.get("text/plain; charset=utf-8"));
            okio.BufferedSource source = response.body().source();
            assertThat(source.timeout().hasDeadline()).isFalse();
            assertThat(source.timeout().timeoutNanos()).isZero();
            assertThat(source.readUtf8(3)).isEqualTo("abc");
            assertThatThrownBy(source::readUtf8).isInstanceOf(IOException.class);
        }
    }

    @Test
    @DisplayName("ST2: a transport started and closed leaves no descriptor open (its selector is closed)")
    void startAndCloseLeaveNoDescriptor() throws Exception {
        java.nio.file.Path descriptors = java.nio.file.Path.of("/proc/self/fd");
        org.junit.jupiter.api.Assumptions.assumeTrue(
                java.nio.file.Files.isDirectory(descriptors), "no /proc/self/fd to count open descriptors");
        start().close(); // whatever the first one opens once per JVM
        long before;
        try (var open = java.nio.file.Files.list(descriptors)) {
            before = open.count();
        }

        for (int i = 0; i < 100; i++) {
            EventLoopTransport.start(client, workers, EventLoopTransport.Delivery.ON_LOOP, 1, Clock.systemUTC())
                    .close();
        }

        long after;
        try (var open = java.nio.file.Files.list(descriptors)) {
            after = open.count();
        }
        assertThat(after - before)
                .as("descriptors left open by 100 closed transports")
                .isLessThan(50);
    }

    @Test
    @DisplayName("ST2: a body without length is read to the end of the stream and handed over whole")
    void aBodyReadToTheEndOfTheStream() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytesThenClose(
                        "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\n\r\nuntil the end"))
                .then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());

        RecordedAttempt untilTheEnd = send(transport, get(server, "/1"));
        assertThat(untilTheEnd.answer()).isEqualTo("200 until the end");
        assertThat(untilTheEnd.response.get().body().contentType()).isEqualTo(MediaType.get("text/plain"));
        assertThat(send(transport, get(server, "/2")).answer()).isEqualTo("200 ok");
        assertThat(server.connections()).as("the first ended with its body").isEqualTo(2);
    }

    @Test
    @DisplayName("ST2: an answer saying Connection: close frees its slot, so the next attempt gets a new connection")
    void connectionCloseFreesTheSlot() throws Exception {
        String closing = "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok";
        ScriptedServer server = server().then(ScriptedServer.bytes(closing)).then(ScriptedServer.bytes(closing));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());

        assertThat(send(transport, get(server, "/1")).answer()).isEqualTo("200 ok");
        assertThat(send(transport, get(server, "/2")).answer()).isEqualTo("200 ok");
        assertThat(server.connections()).isEqualTo(2);
        waitFor(() -> server.endedConnections() == 2); // the client closed both
    }

    @Test
    @DisplayName("ST2: an address that refused frees its slot: with one connection, the host is reached twice")
    void aRefusedAddressFreesItsSlot() throws Exception {
        String closing = "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok";
        ScriptedServer server = server().then(ScriptedServer.bytes(closing)).then(ScriptedServer.bytes(closing));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        transport.resolveAs(
                "two-addresses.test", InetAddress.getByName("127.0.0.2"), InetAddress.getByName("127.0.0.1"));
        Request request = new Request.Builder()
                .url("http://two-addresses.test:" + server.port() + "/")
                .build();

        assertThat(send(transport, request).answer()).isEqualTo("200 ok");
        assertThat(send(transport, request).answer()).isEqualTo("200 ok");
    }

    @Test
    @DisplayName("ST2: a call cancelled while it waits for a connection hears of it once, not again when one frees")
    void aCancelledWaitingCallHearsOnce() throws Exception {
        ScriptedServer server = server().then(
                        ScriptedServer.inTwoParts("HTTP/1.1 200 OK\r\n", 600, "Content-Length: 2\r\n\r\nok"))
                .then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        RecordedAttempt first = send(transport, get(server, "/slow"));
        RecordedAttempt waiting = send(transport, get(server, "/waits"));
        waitFor(() -> server.heads().size() == 1);

        waiting.call.cancel();

        assertThat(waiting.failure()).hasMessage("Canceled");
        assertThat(first.answer()).isEqualTo("200 ok");
        assertThat(send(transport, get(server, "/after")).answer()).isEqualTo("200 ok");
        assertThat(waiting.outcomes.get()).as("heard once").isEqualTo(1);
        assertThat(server.heads())
                .extracting(head -> head.substring(0, head.indexOf(' ', 4)))
                .containsExactly("GET /slow", "GET /after");
    }

    @Test
    @DisplayName("ST2: closing the transport closes its idle keep-alive connections")
    void closeClosesIdleConnections() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        assertThat(send(transport, get(server, "/1")).answer()).isEqualTo("200 ok");
        assertThat(server.endedConnections()).isZero();

        transport.close();

        waitFor(() -> server.endedConnections() == 1);
    }

    @Test
    @DisplayName("ST2: a response whose callback gives up (throws IOException) is closed, its body with it")
    void aResponseTheCallbackGivesUpOnIsClosed() throws Exception {
        ScriptedServer server =
                server().then(ScriptedServer.bytesThenClose("HTTP/1.1 200 OK\r\nContent-Length: 10\r\n\r\nabc"));
        EventLoopTransport transport = startWithOneConnection(Clock.systemUTC());
        CompletableFuture<Response> given = new CompletableFuture<>();
        Call call = client.newCall(get(server, "/cut"));

        transport.send(call, new Callback() {
            @Override
            public void onResponse(Call call, Response response) throws IOException {
                given.complete(response);
                throw new IOException("the caller gave up");
            }

            @Override
            public void onFailure(Call call, IOException e) {
                given.completeExceptionally(e);
            }
        });

        Response response = given.get(5, TimeUnit.SECONDS);
        assertThat(response.code()).isEqualTo(200);
        waitFor(() -> !response.body().source().isOpen());
    }

    private static void waitFor(java.util.function.BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited 5 s").isLessThan(end);
            Thread.sleep(10);
        }
    }
}
