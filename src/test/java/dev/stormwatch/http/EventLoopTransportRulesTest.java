package dev.stormwatch.http;

import dev.stormwatch.http.eventloop.EventLoopTransport;
import java.time.Clock;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;

/**
 * Every rule test of the blocking executor (RA, P, F1, ST, OP, B, E), run once more on {@link AsyncRetryingExecutor}
 * over {@link EventLoopTransport}, the transport of load runs, with outcomes delivered on the loop: the
 * transport must not change a single decision. The tests' servers listen on loopback, so every attempt takes the
 * event loop, not its OkHttp fallback.
 */
class EventLoopTransportRulesTest extends AsyncRetryingExecutorRulesTest {

    private final ExecutorService workers = Executors.newFixedThreadPool(2, runnable -> {
        Thread thread = new Thread(runnable, "test-event-loop-worker");
        thread.setDaemon(true);
        return thread;
    });
    private final List<EventLoopTransport> started = new ArrayList<>();

    @AfterEach
    void stopTransports() {
        started.forEach(EventLoopTransport::close);
        workers.shutdownNow();
    }

    @Override
    AttemptTransport transportOver(OkHttpClient client) {
        EventLoopTransport transport = EventLoopTransport.start(client, workers, delivery(), 8, Clock.systemUTC());
        started.add(transport);
        return transport;
    }

    EventLoopTransport.Delivery delivery() {
        return EventLoopTransport.Delivery.ON_LOOP;
    }
}
