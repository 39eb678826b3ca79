package dev.stormwatch.http;

import dev.stormwatch.retry.AdaptiveSendRate;

/**
 * Every adaptive-pacing test of {@link AdaptivePacingExecutorRules}, run on the blocking executor: it waits the same
 * waits through its {@link dev.stormwatch.base.Sleeper}, asked by the same gate.
 */
// RH11
class BlockingAdaptivePacingExecutorTest extends AdaptivePacingExecutorRules {

    @Override
    StepExecutor executor(boolean adaptive) {
        RetryingExecutor.Builder builder =
                RetryingExecutor.builder(okHttp).clock(clock).sleeper(waits).random(() -> 0.5);
        if (adaptive) {
            builder.adaptiveSendRate(new AdaptiveSendRate(clock));
        }
        return builder.build()::execute;
    }
}
