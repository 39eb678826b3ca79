package dev.stormwatch.http;

import dev.stormwatch.http.eventloop.EventLoopTransport;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;

/**
 * Every rule test of {@link RetryingExecutorRules} over {@link EventLoopTransport} once more, with outcomes delivered
 * on worker threads, as load runs with a Redis limiter or an OAuth session have them.
 */
class EventLoopTransportOnWorkersRulesTest extends RetryingExecutorRules {

    private final EventLoops loops = new EventLoops();

    @AfterEach
    void stopTransports() {
        loops.close();
    }

    @Override
    StepExecutor executorOver(OkHttpClient client) {
        return asyncOver(client, loops.start(client, EventLoopTransport.Delivery.ON_WORKERS));
    }
}
