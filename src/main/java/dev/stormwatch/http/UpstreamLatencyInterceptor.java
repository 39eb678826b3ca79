package dev.stormwatch.http;

import dev.stormwatch.limit.LimiterMetrics;
import java.io.IOException;
import java.time.Duration;
import java.util.Objects;
import java.util.function.LongSupplier;
import okhttp3.Interceptor;
import okhttp3.Response;

/**
 * Times every upstream request by model (spec L8), whatever it ended with, from the moment it is handed to OkHttp
 * until the response headers arrive or the request fails. Latency is measured on a monotonic ticker, not the wall
 * clock, so a clock step cannot make it negative.
 */
final class UpstreamLatencyInterceptor implements Interceptor {

    private final LimiterMetrics metrics;
    private final LongSupplier nanoTicker;

    UpstreamLatencyInterceptor(LimiterMetrics metrics, LongSupplier nanoTicker) {
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.nanoTicker = Objects.requireNonNull(nanoTicker, "nanoTicker");
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        ModelTag tag = chain.request().tag(ModelTag.class);
        if (tag == null) {
            return chain.proceed(chain.request()); // not a resilient-client request: nothing to attribute it to
        }
        long start = nanoTicker.getAsLong();
        try {
            return chain.proceed(chain.request());
        } finally {
            metrics.upstreamLatency(tag.model(), Duration.ofNanos(Math.max(0, nanoTicker.getAsLong() - start)));
        }
    }
}
