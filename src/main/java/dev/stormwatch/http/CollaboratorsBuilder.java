package dev.stormwatch.http;

import dev.stormwatch.retry.AdaptiveSendRate;
import dev.stormwatch.retry.ComparisonBackoff;
import dev.stormwatch.retry.OriginPauses;
import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.ThreadLocalRandom;
import java.util.function.DoubleSupplier;
import okhttp3.OkHttpClient;

/**
 * The collaborators that the two retry executors and the client over them are built from, with their production
 * defaults: one place for what each means and for the OkHttp settings the retry engine needs. Each builder adds what
 * is its own (the blocking executor's sleeper; the asynchronous one's scheduler, transport and Retry-After handling;
 * the client's policy, limiter and credential).
 *
 * @param <B> the builder itself, so that every setter returns it
 */
abstract class CollaboratorsBuilder<B extends CollaboratorsBuilder<B>> {

    Clock clock = Clock.systemUTC();
    DoubleSupplier random = () -> ThreadLocalRandom.current().nextDouble();
    /** Null for a new, empty registry on the clock (see {@link #pausesOrNew()}). */
    OriginPauses pauses;

    AttemptListener listener = AttemptListener.NONE;
    RetryQuota retryQuota = RetryQuota.UNLIMITED;
    ComparisonBackoff backoff = ComparisonBackoff.FULL;
    /** Null for none: no attempt waits for a send rate. */
    AdaptiveSendRate sendRate;

    abstract B self();

    /** The wall clock of budgets, deadlines and pauses (P6); must be the clock of the {@link OriginPauses} too. */
    public B clock(Clock value) {
        clock = Objects.requireNonNull(value, "clock");
        return self();
    }

    /** Numbers in [0, 1) for jitter (B3, RA3); a seeded source makes runs repeatable. */
    public B random(DoubleSupplier value) {
        random = Objects.requireNonNull(value, "random");
        return self();
    }

    /**
     * The process's pauses (P4), to share with other clients of the same providers; by default a new, empty registry
     * on the clock.
     */
    public B pauses(OriginPauses value) {
        pauses = Objects.requireNonNull(value, "pauses");
        return self();
    }

    /** Receives one event per attempt, on the calling or OkHttp's threads; must not block. */
    public B listener(AttemptListener value) {
        listener = Objects.requireNonNull(value, "listener");
        return self();
    }

    /** A retry quota shared by the calls of what is built; {@link RetryQuota#UNLIMITED} (off) by default. */
    public B retryQuota(RetryQuota value) {
        retryQuota = Objects.requireNonNull(value, "retryQuota");
        return self();
    }

    /**
     * For load runs that compare backoff strategies only (B4's exception): the sleep without Retry-After follows
     * {@code strategy} instead of full jitter (RC1, B3). Anything but {@link ComparisonBackoff#FULL} (the default)
     * breaks B4 on purpose; an architecture rule lets only the load engine call this. Retry-After (RA1–RA7), the
     * attempt limits, the budget (B1, B2) and the retry quota apply to every strategy.
     */
    public B backoffForComparison(ComparisonBackoff strategy) {
        backoff = Objects.requireNonNull(strategy, "strategy");
        return self();
    }

    /**
     * RH11: an adaptive send rate shared by the calls of what is built, blocking and asynchronous alike, through one
     * bucket: each attempt first waits what it asks (a blocking call in its own thread, the pause checked again after
     * the wait; an asynchronous one on the scheduler). Off by default.
     */
    public B adaptiveSendRate(AdaptiveSendRate value) {
        sendRate = Objects.requireNonNull(value, "sendRate");
        return self();
    }

    /** The pauses to use: the ones given, else a new registry on the clock. */
    final OriginPauses pausesOrNew() {
        return pauses != null ? pauses : new OriginPauses(clock);
    }

    /**
     * Takes {@code from}'s collaborators, with these pauses and this listener in place of its own: how the client
     * passes one set on to both of its executors.
     */
    final B sameAs(CollaboratorsBuilder<?> from, OriginPauses sharedPauses, AttemptListener eventListener) {
        clock = from.clock;
        random = from.random;
        pauses = Objects.requireNonNull(sharedPauses, "sharedPauses");
        listener = Objects.requireNonNull(eventListener, "eventListener");
        retryQuota = from.retryQuota;
        backoff = from.backoff;
        sendRate = from.sendRate;
        return self();
    }

    /**
     * {@code client} as the retry engine needs it. OkHttp must not retry on its own: every resend is the retry
     * decision's (a silent resend of a refresh would break F1). A redirect is the caller's to read: following it
     * would resend a code, a refresh token or a form to another origin, unseen by the retry engine, its pauses (P2)
     * and its counts (B1, F1, P3). And each attempt reports how far its request got ({@link SendProgress}).
     */
    static OkHttpClient forTheRetryEngine(OkHttpClient client) {
        return client.newBuilder()
                .retryOnConnectionFailure(false)
                .followRedirects(false)
                .followSslRedirects(false)
                .eventListenerFactory(call -> {
                    SendProgress progress = call.request().tag(SendProgress.class);
                    return progress != null ? progress : okhttp3.EventListener.NONE;
                })
                .build();
    }
}
