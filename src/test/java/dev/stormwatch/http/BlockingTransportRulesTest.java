package dev.stormwatch.http;

import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.AfterEach;

/**
 * Every rule test of {@link RetryingExecutorRules}, run on {@link AsyncRetryingExecutor}
 * with {@link AttemptTransport#blockingOn} workers, the transport of load runs: the transport must not change
 * a single decision.
 */
class BlockingTransportRulesTest extends RetryingExecutorRules {

    private final ExecutorService workers = Executors.newFixedThreadPool(4, runnable -> {
        Thread thread = new Thread(runnable, "test-transport-worker");
        thread.setDaemon(true);
        return thread;
    });

    @AfterEach
    void stopWorkers() {
        workers.shutdownNow();
    }

    @Override
    StepExecutor executorOver(OkHttpClient client) {
        return asyncOver(client, AttemptTransport.blockingOn(workers));
    }
}
