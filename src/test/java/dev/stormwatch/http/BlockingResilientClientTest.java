package dev.stormwatch.http;

import okhttp3.Request;
import okhttp3.Response;

/** The resilient client's rules (RC1–RC8) on the blocking path, {@link RetryingExecutor}. */
class BlockingResilientClientTest extends ResilientClientRules {

    @Override
    Response call(ResilientClient client, Request request, CallOptions options) {
        return client.send(request, options);
    }
}
