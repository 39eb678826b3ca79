package dev.stormwatch.http.eventloop;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.time.Clock;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import okhttp3.Request;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * What the event loop does at once, not at its next sweep. At the ordinary 20 ms the sweep sends within its interval
 * whatever the loop failed to send at once (an attempt not dispatched, a selector not woken, a freed slot not offered,
 * a connection not closed), so no test can tell the two apart on a shared machine. Here the sweep runs every ten
 * minutes: after the one at the loop's start, none comes within a test, and what is not done at once is not done
 * within the test's bounded wait (5 s).
 */
class EventLoopLongSweepTest {

    private static final Duration LONG_SWEEP = Duration.ofMinutes(10);
    private static final String OK = "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok";
    private static final String CLOSING = "HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 2\r\n\r\nok";

    @RegisterExtension
    final EventLoopHarness harness = new EventLoopHarness("event-loop-long-sweep-worker");

    private ScriptedServer server() throws IOException {
        return harness.closeAfter(new ScriptedServer());
    }

    /** A transport with one connection, outcomes on the loop, and a sweep every ten minutes. */
    private EventLoopTransport startWithOneConnection() {
        return harness.start(harness.client, EventLoopTransport.Delivery.ON_LOOP, 1, Clock.systemUTC(), LONG_SWEEP);
    }

    private static Request get(ScriptedServer server, String path) {
        return new Request.Builder().url(server.url(path)).build();
    }

    /** Answers as {@code answer} once the test completes {@code release}. */
    private static ScriptedServer.Answer heldUntil(CompletableFuture<Void> release, ScriptedServer.Answer answer) {
        return socket -> {
            try {
                release.get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                return false; // the test gave up: end the connection
            }
            return answer.answer(socket);
        };
    }

    /**
     * Answers one request on {@code transport} and returns the loop's thread (the callback runs on it), once it waits
     * in {@code select} with nothing to do: from then on, only a wake-up or a socket's event moves it.
     */
    private Thread answeredOnceAndWaiting(EventLoopTransport transport, ScriptedServer server) throws Exception {
        CompletableFuture<Thread> loop = new CompletableFuture<>();
        RecordedAttempt first =
                harness.send(transport, get(server, "/first"), answer -> loop.complete(Thread.currentThread()));
        assertThat(first.answer()).isEqualTo("200 ok");
        Thread thread = loop.get(5, TimeUnit.SECONDS);
        waitFor(() -> waitsInSelect(thread));
        return thread;
    }

    /** True when {@code loop} is inside {@code Selector.select(long)} (not {@code selectNow}). */
    private static boolean waitsInSelect(Thread loop) {
        for (StackTraceElement frame : loop.getStackTrace()) {
            if (frame.getClassName().startsWith("sun.nio.ch.")
                    && frame.getClassName().endsWith("SelectorImpl")
                    && frame.getMethodName().equals("select")) {
                return true;
            }
        }
        return false;
    }

    /**
     * Returns once the loop has taken every attempt sent before the call: two hand-ons run one after the other, the
     * second in a later turn than the first, so after the first turn's intake of submitted attempts.
     */
    private static void loopCaughtUp(EventLoopTransport transport) throws Exception {
        for (int turn = 0; turn < 2; turn++) {
            CompletableFuture<Void> ran = new CompletableFuture<>();
            transport.handOn(() -> ran.complete(null));
            ran.get(5, TimeUnit.SECONDS);
        }
    }

    private static void waitFor(BooleanSupplier condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(5);
        while (!condition.getAsBoolean()) {
            assertThat(System.nanoTime()).as("waited 5 s").isLessThan(end);
            Thread.sleep(10);
        }
    }

    @Test
    @DisplayName("an attempt sent while the loop waits in select wakes it and goes out at once, not a sweep later")
    void anAttemptSentToAWaitingLoopGoesOutAtOnce() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytes(OK)).then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection();
        answeredOnceAndWaiting(transport, server);

        RecordedAttempt next = harness.send(transport, get(server, "/next"));

        assertThat(next.answer()).isEqualTo("200 ok");
        assertThat(server.connections()).as("on the kept-alive connection").isEqualTo(1);
    }

    @Test
    @DisplayName("a retry handed on while the loop waits in select wakes it and runs at once, on the loop")
    void aRetryHandedOnToAWaitingLoopRunsAtOnce() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection();
        Thread loop = answeredOnceAndWaiting(transport, server);
        CompletableFuture<Thread> ranOn = new CompletableFuture<>();

        transport.handOn(() -> ranOn.complete(Thread.currentThread()));

        assertThat(ranOn.get(5, TimeUnit.SECONDS)).isSameAs(loop);
    }

    @Test
    @DisplayName("an attempt queued behind the one busy connection goes out on it as soon as its answer ends")
    void anAttemptQueuedBehindABusyConnectionGoesOutWhenItFrees() throws Exception {
        CompletableFuture<Void> release = new CompletableFuture<>();
        ScriptedServer server =
                server().then(heldUntil(release, ScriptedServer.bytes(OK))).then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection();
        RecordedAttempt busy = harness.send(transport, get(server, "/busy"));
        waitFor(() -> server.heads().size() == 1);
        RecordedAttempt queued = harness.send(transport, get(server, "/queued"));
        loopCaughtUp(transport);
        assertThat(queued.ended).as("waits for the connection").isNotDone();

        release.complete(null);

        assertThat(busy.answer()).isEqualTo("200 ok");
        assertThat(queued.answer()).isEqualTo("200 ok");
        assertThat(server.connections()).as("the freed connection carried it").isEqualTo(1);
    }

    @Test
    @DisplayName("an attempt of another origin queued at the connection limit takes the slot as soon as it frees")
    void anotherOriginQueuedAtTheLimitGetsTheFreedSlot() throws Exception {
        CompletableFuture<Void> release = new CompletableFuture<>();
        ScriptedServer first = server().then(heldUntil(release, ScriptedServer.bytes(OK)));
        ScriptedServer second = server().then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection();
        RecordedAttempt busy = harness.send(transport, get(first, "/busy"));
        waitFor(() -> first.heads().size() == 1);
        RecordedAttempt queued = harness.send(transport, get(second, "/queued"));
        loopCaughtUp(transport);
        assertThat(queued.ended).as("waits for the one slot").isNotDone();

        release.complete(null);

        assertThat(busy.answer()).isEqualTo("200 ok");
        assertThat(queued.answer()).isEqualTo("200 ok");
        waitFor(() -> first.endedConnections() == 1); // the first origin's kept-alive connection gave up its slot
    }

    @Test
    @DisplayName("an attempt queued behind a connection whose attempt failed goes out as soon as that one ends")
    void anAttemptQueuedBehindAFailedOneGoesOutWhenItEnds() throws Exception {
        CompletableFuture<Void> release = new CompletableFuture<>();
        // The first request is read, then its connection closed with no answer: that attempt fails, its slot frees.
        ScriptedServer server = server().then(heldUntil(release, ScriptedServer.bytesThenClose("")))
                .then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection();
        RecordedAttempt failing = harness.send(transport, get(server, "/fails"));
        waitFor(() -> server.heads().size() == 1);
        RecordedAttempt queued = harness.send(transport, get(server, "/queued"));
        loopCaughtUp(transport);
        assertThat(queued.ended).as("waits for the connection").isNotDone();

        release.complete(null);

        assertThat(failing.failure()).isInstanceOf(IOException.class);
        assertThat(queued.answer()).isEqualTo("200 ok");
        assertThat(server.connections()).as("a new connection for it").isEqualTo(2);
    }

    @Test
    @DisplayName("a connection its answer says not to reuse is closed as soon as the answer ends, freeing its slot")
    void aConnectionNotToBeReusedIsClosedWhenItsAnswerEnds() throws Exception {
        // The server says "Connection: close" but leaves the socket open: only the client's close ends it.
        ScriptedServer server = server().then(ScriptedServer.bytes(CLOSING)).then(ScriptedServer.bytes(OK));
        EventLoopTransport transport = startWithOneConnection();

        assertThat(harness.send(transport, get(server, "/closing")).answer()).isEqualTo("200 ok");

        waitFor(() -> server.endedConnections() == 1);
        assertThat(harness.send(transport, get(server, "/next")).answer()).isEqualTo("200 ok");
        assertThat(server.connections()).as("the next on a new connection").isEqualTo(2);
    }

    @Test
    @DisplayName("the sweep runs once per interval, not on every turn: a call cancelled in flight waits for it")
    void theSweepRunsOncePerIntervalNotOnEveryTurn() throws Exception {
        ScriptedServer server = server().then(ScriptedServer.silence());
        EventLoopTransport transport = startWithOneConnection();
        RecordedAttempt inFlight = harness.send(transport, get(server, "/silent"));
        waitFor(() -> server.heads().size() == 1);

        inFlight.call.cancel();
        loopCaughtUp(transport); // turns of the loop, each of which would sweep if it were due

        assertThat(inFlight.ended)
                .as("a cancellation in flight is seen by the sweep")
                .isNotDone();
        transport.close();
        assertThat(inFlight.failure()).isInstanceOf(IOException.class);
        assertThat(inFlight.outcomes.get()).as("heard once").isEqualTo(1);
    }
}
