package dev.stormwatch.http;

import dev.stormwatch.retry.AdaptiveSendRate;
import java.util.concurrent.TimeUnit;

/**
 * Every adaptive-pacing test of {@link AdaptivePacingExecutorRules}, run on the asynchronous executor: its retries and
 * paced sends wait on a scheduler that moves the fake clock.
 */
// RH11
class AdaptivePacingExecutorTest extends AdaptivePacingExecutorRules {

    @Override
    StepExecutor executor(boolean adaptive) {
        AsyncRetryingExecutor.Builder builder = AsyncRetryingExecutor.builder(okHttp)
                .clock(clock)
                .scheduler(waits)
                .random(() -> 0.5);
        if (adaptive) {
            builder.adaptiveSendRate(new AdaptiveSendRate(clock));
        }
        AsyncRetryingExecutor async = builder.build();
        return (requestPerAttempt, operation, step, budget) -> {
            try {
                return async.execute(requestPerAttempt, operation, step, budget).get(10, TimeUnit.SECONDS);
            } catch (Exception e) {
                throw new AssertionError("the future did not complete with a response", e);
            }
        };
    }
}
