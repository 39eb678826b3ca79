package dev.stormwatch.http;

import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import okhttp3.OkHttpClient;

/**
 * Every rule test of the blocking executor (RA, P, F1, ST, OP, B, E), run on {@link AsyncRetryingExecutor}: its
 * retries wait on a scheduler that moves the same fake clock and records each wait in the same sleeper.
 */
class AsyncRetryingExecutorRulesTest extends RetryingExecutorTest {

    @Override
    StepExecutor executorOver(OkHttpClient client) {
        AsyncRetryingExecutor async = AsyncRetryingExecutor.builder(client).clock(clock)
                .scheduler((delay, task) -> {
                    sleeper.sleep(delay);
                    task.run();
                })
                .random(() -> 0.5).pauses(pauses).listener(events::add).transport(transportOver(client)).build();
        return (requestPerAttempt, operation, step, budget) -> {
            try {
                return async.execute(requestPerAttempt, operation, step, budget).get(30, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                if (e.getCause() instanceof RuntimeException typed) {
                    throw typed;
                }
                throw new AssertionError("the future failed with an untyped error", e.getCause());
            } catch (InterruptedException | TimeoutException e) {
                throw new AssertionError("the future did not complete", e);
            }
        };
    }

    /** How attempts go on the wire: OkHttp's own dispatcher here. */
    AttemptTransport transportOver(OkHttpClient client) {
        return AttemptTransport.enqueue(client);
    }
}
