package dev.stormwatch.http;

import okhttp3.OkHttpClient;

/**
 * Every rule test of {@link RetryingExecutorRules}, run on {@link AsyncRetryingExecutor} over OkHttp's own dispatcher:
 * its retries wait on a scheduler that moves the same fake clock and records each wait in the same sleeper.
 */
class AsyncRetryingExecutorRulesTest extends RetryingExecutorRules {

    @Override
    StepExecutor executorOver(OkHttpClient client) {
        return asyncOver(client, AttemptTransport.enqueue(client));
    }
}
