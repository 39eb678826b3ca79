package dev.stormwatch.http;

import dev.stormwatch.http.eventloop.EventLoopTransport;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import okhttp3.OkHttpClient;

/** The event-loop transports one rule test starts, and their workers, all closed after it. */
final class EventLoops {

    private final ExecutorService workers = Executors.newFixedThreadPool(2, runnable -> {
        Thread thread = new Thread(runnable, "test-event-loop-worker");
        thread.setDaemon(true);
        return thread;
    });
    private final List<EventLoopTransport> started = new ArrayList<>();

    /** A transport with {@code client}'s timeouts, at most 8 connections, delivering outcomes as {@code delivery}. */
    AttemptTransport start(OkHttpClient client, EventLoopTransport.Delivery delivery) {
        EventLoopTransport transport = EventLoopTransport.start(client, workers, delivery, 8, Clock.systemUTC());
        started.add(transport);
        return transport;
    }

    /** Closes every transport started, then their workers. */
    void close() {
        started.forEach(EventLoopTransport::close);
        workers.shutdownNow();
    }
}
