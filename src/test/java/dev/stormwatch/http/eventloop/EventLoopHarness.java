package dev.stormwatch.http.eventloop;

import dev.stormwatch.http.AttemptTransport;
import dev.stormwatch.http.TrackedSend;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import okhttp3.Call;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * What every test of the event-loop transport starts from: two daemon workers with a name a test can recognise, an
 * OkHttp client whose timeouts the transport follows, and the transports and servers a test opened, closed after it.
 */
final class EventLoopHarness implements AfterEachCallback {

    /** The name of the transport's own thread. */
    static final String LOOP_THREAD = "stormwatch-http-event-loop";

    final String workerThread;
    final ExecutorService workers;
    final OkHttpClient client = new OkHttpClient.Builder()
            .connectTimeout(2, TimeUnit.SECONDS)
            .readTimeout(5, TimeUnit.SECONDS)
            .writeTimeout(2, TimeUnit.SECONDS)
            .build();
    private final List<AutoCloseable> toClose = new ArrayList<>();

    EventLoopHarness(String workerThread) {
        this.workerThread = workerThread;
        this.workers = Executors.newFixedThreadPool(2, runnable -> {
            Thread thread = new Thread(runnable, workerThread);
            thread.setDaemon(true);
            return thread;
        });
    }

    /** Closes {@code closeable} after the test, before the workers stop. */
    <T extends AutoCloseable> T closeAfter(T closeable) {
        toClose.add(closeable);
        return closeable;
    }

    EventLoopTransport start(
            OkHttpClient timeouts, EventLoopTransport.Delivery delivery, int maxConnections, Clock clock) {
        return closeAfter(EventLoopTransport.start(timeouts, workers, delivery, maxConnections, clock));
    }

    /** A transport whose sweep (and longest wait in {@code select}) is {@code sweep} instead of 20 ms. */
    EventLoopTransport start(
            OkHttpClient timeouts,
            EventLoopTransport.Delivery delivery,
            int maxConnections,
            Clock clock,
            Duration sweep) {
        return closeAfter(EventLoopTransport.start(timeouts, workers, delivery, maxConnections, clock, sweep));
    }

    /** One attempt as the executor sends it: a send-progress tag the transport reports to. */
    RecordedAttempt send(AttemptTransport transport, OkHttpClient through, Request request) {
        return send(transport, through, request, answer -> {});
    }

    RecordedAttempt send(AttemptTransport transport, Request request) {
        return send(transport, client, request);
    }

    /** An attempt whose callback runs {@code onAnswer} after it read the response. */
    RecordedAttempt send(AttemptTransport transport, Request request, Consumer<Response> onAnswer) {
        return send(transport, client, request, onAnswer);
    }

    private static RecordedAttempt send(
            AttemptTransport transport, OkHttpClient through, Request request, Consumer<Response> onAnswer) {
        TrackedSend progress = new TrackedSend();
        Call call = through.newCall(progress.tag(request));
        RecordedAttempt attempt = new RecordedAttempt(call, progress);
        attempt.onAnswer = onAnswer;
        transport.send(call, attempt);
        return attempt;
    }

    @Override
    public void afterEach(ExtensionContext context) throws Exception {
        for (AutoCloseable closeable : toClose) {
            closeable.close();
        }
        workers.shutdownNow();
        client.dispatcher().executorService().shutdown();
        client.connectionPool().evictAll();
    }
}
