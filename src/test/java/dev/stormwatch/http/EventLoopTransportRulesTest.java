package dev.stormwatch.http;

import dev.stormwatch.http.eventloop.EventLoopTransport;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;

/**
 * Every rule test of {@link RetryingExecutorRules}, run on {@link AsyncRetryingExecutor} over
 * {@link EventLoopTransport}, the transport of load runs, with outcomes delivered on the loop: the
 * transport must not change a single decision. The tests' servers listen on loopback, so every attempt takes the
 * event loop, not its OkHttp fallback.
 */
class EventLoopTransportRulesTest extends RetryingExecutorRules {

    private final EventLoops loops = new EventLoops();

    @AfterEach
    void stopTransports() {
        loops.close();
    }

    @Override
    StepExecutor executorOver(OkHttpClient client) {
        return asyncOver(client, loops.start(client, EventLoopTransport.Delivery.ON_LOOP));
    }
}
