package dev.stormwatch.http;

import okhttp3.OkHttpClient;

/** Every rule test of {@link RetryingExecutorRules} on the blocking executor, which sleeps through its sleeper. */
class RetryingExecutorTest extends RetryingExecutorRules {

    @Override
    StepExecutor executorOver(OkHttpClient client) {
        return RetryingExecutor.builder(client)
                .clock(clock)
                .sleeper(sleeper)
                .random(() -> 0.5)
                .pauses(pauses)
                .listener(events::add)
                .build()::execute;
    }
}
