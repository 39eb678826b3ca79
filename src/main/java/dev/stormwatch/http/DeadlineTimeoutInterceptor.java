package dev.stormwatch.http;

import java.io.IOException;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.TimeUnit;
import okhttp3.Interceptor;
import okhttp3.Request;
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
        Instant now = clock.instant();
        // RC5: a request that waited in OkHttp's dispatcher queue past its deadline is not sent at all.
        if (deadline.hasPassed(now)) {
            throw new DeadlinePassed(deadline);
        }
        // RC5: stamped here, as the request leaves the queue, so Request-Timeout is what is left now.
        Request stamped = deadline.stamp(chain.request(), now);
        int left = millisLeft(deadline, now);
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
        return bounded.proceed(stamped);
    }

    /** What is left of {@code deadline} at {@code now}, in OkHttp's timeout milliseconds. */
    static int millisLeft(RequestDeadline deadline, Instant now) {
        // At least 1 ms: OkHttp reads 0 as "no timeout", the opposite of a deadline that has just run out.
        return (int)
                Math.max(1, Math.min(Integer.MAX_VALUE, deadline.remaining(now).toMillis()));
    }

    /** {@code timeoutMillis} (0 meaning none) cut to {@code left} when that is shorter (RC5). */
    static int bounded(int timeoutMillis, int left) {
        return shorter(left, timeoutMillis) ? left : timeoutMillis;
    }

    /**
     * The deadline passed before the request left OkHttp (RC5): nothing was sent. An {@link IOException} so that
     * OkHttp hands it to the executor like any failure; the executor turns it into {@link RequestRefused.DeadlineExpired}.
     */
    static final class DeadlinePassed extends IOException {
        private final transient RequestDeadline deadline;

        DeadlinePassed(RequestDeadline deadline) {
            super("The call's deadline " + deadline.at() + " passed before the request was sent; nothing was sent.");
            this.deadline = deadline;
        }

        /** The caller's refusal: nothing sent for this attempt, {@code sentBefore} failed requests before it. */
        RequestRefused.DeadlineExpired refusal(int sentBefore) {
            return new RequestRefused.DeadlineExpired(deadline.at(), sentBefore);
        }
    }

    /** True when {@code left} is shorter than the current timeout, 0 meaning none. */
    private static boolean shorter(int left, int currentMillis) {
        return currentMillis == 0 || left < currentMillis;
    }
}
