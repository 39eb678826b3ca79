package dev.stormwatch.relay;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.MeterRegistry;
import java.util.Locale;
import java.util.Objects;

/**
 * The relay's side of the metrics (L10): how many requests it answered, by outcome, read from its own record when
 * scraped, so that what Prometheus shows and what the record says cannot disagree.
 */
public final class RelayMeters {

    /** Counter, tag {@code outcome} (ok, quota_exceeded, overloaded, ...): requests the relay answered since it started. */
    public static final String REQUESTS = "stormwatch.relay.requests";

    private RelayMeters() {}

    /** Registers one counter per outcome on {@code registry}, each reading {@code log}'s totals. */
    public static void bind(MeterRegistry registry, RequestLog log) {
        Objects.requireNonNull(registry, "registry");
        Objects.requireNonNull(log, "log");
        for (RelayOutcome outcome : RelayOutcome.values()) {
            FunctionCounter.builder(REQUESTS, log, l -> l.totals().get(outcome))
                    .description("Requests the relay answered, by outcome")
                    .tag("outcome", outcome.name().toLowerCase(Locale.ROOT))
                    .register(registry);
        }
    }
}
