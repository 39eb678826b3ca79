package dev.stormwatch.http;

import java.util.concurrent.CompletionException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import okhttp3.Request;
import okhttp3.Response;

/** The resilient client's rules (RC1–RC7) on the asynchronous path, {@link AsyncRetryingExecutor}. */
class AsyncResilientClientTest extends ResilientClientRules {

    @Override
    Response call(ResilientClient client, Request request, CallOptions options) {
        try {
            // A bound, so that a lost completion fails the test instead of hanging the build.
            return client.sendAsync(request, options).get(30, TimeUnit.SECONDS);
        } catch (ExecutionException | CompletionException e) {
            if (e.getCause() instanceof RuntimeException typed) {
                throw typed;
            }
            throw new AssertionError("the future failed with an untyped error", e.getCause());
        } catch (InterruptedException | TimeoutException e) {
            throw new AssertionError("the future did not complete", e);
        }
    }
}
