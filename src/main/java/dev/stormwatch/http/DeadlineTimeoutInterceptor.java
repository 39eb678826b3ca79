package dev.stormwatch.http;

import java.io.IOException;
import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import okhttp3.Interceptor;
import okhttp3.Response;

/**
 * Shortens an attempt's connect, write and read timeouts to what is left of its call's deadline (spec RC5, RC3), so
 * that an attempt sent with 300 ms left does not wait the default 45 s for a first byte. Reads the deadline from the
 * request's {@link RequestDeadline} tag; requests without one keep their timeouts.
 */
final class DeadlineTimeoutInterceptor implements Interceptor {

    private final Clock clock;

    DeadlineTimeoutInterceptor(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public Response intercept(Chain chain) throws IOException {
        RequestDeadline deadline = chain.request().tag(RequestDeadline.class);
        if (deadline == null) {
            return chain.proceed(chain.request());
        }
        // At least 1 ms: OkHttp reads 0 as "no timeout", the opposite of a deadline that has just run out.
        int left = (int) Math.max(1, Math.min(Integer.MAX_VALUE, deadline.remaining(clock.instant()).toMillis()));
        Chain bounded = chain;
        if (shorter(left, chain.connectTimeoutMillis())) {
            bounded = bounded.withConnectTimeout(left, TimeUnit.MILLISECONDS);
        }
        if (shorter(left, chain.writeTimeoutMillis())) {
            bounded = bounded.withWriteTimeout(left, TimeUnit.MILLISECONDS);
        }
        if (shorter(left, chain.readTimeoutMillis())) {
            bounded = bounded.withReadTimeout(left, TimeUnit.MILLISECONDS);
        }
        return bounded.proceed(chain.request());
    }

    /** True when {@code left} is shorter than the current timeout, 0 meaning none. */
    private static boolean shorter(int left, int currentMillis) {
        return currentMillis == 0 || left < currentMillis;
    }
}
