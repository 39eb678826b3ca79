package dev.stormwatch.limit;

import io.micrometer.core.instrument.Counter;
import io.micrometer.core.instrument.MeterRegistry;
import io.micrometer.core.instrument.Timer;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The limiter's and the resilient client's meters over one Micrometer registry (spec L8): allowed, refused, backend
 * failures, retry attempts, exhausted attempts and upstream latency by model.
 *
 * <p>Tags never carry a principal: it would leak who calls and explode cardinality.
 */
public final class LimiterMetrics {

    /** Counter, tags {@code outcome} (allowed|refused), {@code algorithm}, {@code source} ({@link DecisionSource}). */
    public static final String DECISIONS = "stormwatch.limiter.decisions";
    /** Counter, tag {@code kind} (unavailable|error): calls to Redis that failed (L9). */
    public static final String BACKEND_FAILURES = "stormwatch.limiter.backend.failures";
    /** Counter, tag {@code model}: retries the resilient client sent (each attempt after the first). */
    public static final String RETRY_ATTEMPTS = "stormwatch.client.retry.attempts";
    /** Counter, tag {@code model}: calls that ended because the retry budget or attempts ran out. */
    public static final String EXHAUSTED_ATTEMPTS = "stormwatch.client.retry.exhausted";
    /** Timer, tag {@code model}: latency of each upstream request. */
    public static final String UPSTREAM_LATENCY = "stormwatch.upstream.latency";

    private final MeterRegistry registry;
    // Meters are found once and kept: a builder and a registry lookup per decision or request cost more than the
    // increment itself, on the limiter's and the load engine's hot paths.
    private final Map<DecisionMeter, Counter> decisions = new ConcurrentHashMap<>();
    private final Map<String, Counter> retries = new ConcurrentHashMap<>();
    private final Map<String, Counter> exhausted = new ConcurrentHashMap<>();
    private final Map<String, Timer> latencies = new ConcurrentHashMap<>();

    private LimiterMetrics(MeterRegistry registry) {
        this.registry = Objects.requireNonNull(registry, "registry");
    }

    /** Meters on the given registry. */
    public static LimiterMetrics on(MeterRegistry registry) {
        return new LimiterMetrics(registry);
    }

    /** Meters on a Prometheus registry, so {@link #scrape()} returns the text exposition format. */
    public static LimiterMetrics prometheus() {
        return new LimiterMetrics(new PrometheusMeterRegistry(PrometheusConfig.DEFAULT));
    }

    /** Meters kept in memory only (the default when nobody asked for metrics). */
    public static LimiterMetrics inMemory() {
        return new LimiterMetrics(new SimpleMeterRegistry());
    }

    /** The registry, to add it to a composite or read meters in tests. */
    public MeterRegistry registry() {
        return registry;
    }

    /** The Prometheus text exposition, when this is a Prometheus registry. */
    public Optional<String> scrape() {
        return registry instanceof PrometheusMeterRegistry prometheus
                ? Optional.of(prometheus.scrape())
                : Optional.empty();
    }

    /** Counts one limiter decision (L8: allowed, rejected). */
    public void decision(Algorithm algorithm, LimitDecision decision) {
        decisions
                .computeIfAbsent(
                        new DecisionMeter(algorithm, decision.allowed(), decision.source()),
                        key -> Counter.builder(DECISIONS)
                                .description("Rate limiter decisions")
                                .tag("outcome", key.allowed() ? "allowed" : "refused")
                                .tag("algorithm", key.algorithm().name().toLowerCase(Locale.ROOT))
                                .tag("source", key.source().name().toLowerCase(Locale.ROOT))
                                .register(registry))
                .increment();
    }

    /** Counts one failed call to Redis (L9). */
    public void backendFailure(String kind) {
        Counter.builder(BACKEND_FAILURES)
                .description("Failed limiter calls to Redis")
                .tag("kind", kind)
                .register(registry)
                .increment();
    }

    /** Counts one retry the resilient client sent for a model (L8). */
    public void retryAttempt(String model) {
        retries.computeIfAbsent(
                        model,
                        key -> Counter.builder(RETRY_ATTEMPTS)
                                .description("Retries sent")
                                .tag("model", key)
                                .register(registry))
                .increment();
    }

    /** Counts one call that gave up because its attempts or budget ran out (L8). */
    public void exhaustedAttempts(String model) {
        exhausted
                .computeIfAbsent(
                        model,
                        key -> Counter.builder(EXHAUSTED_ATTEMPTS)
                                .description("Calls that ran out of attempts")
                                .tag("model", key)
                                .register(registry))
                .increment();
    }

    /** Records one upstream request's latency for a model (L8). */
    public void upstreamLatency(String model, Duration latency) {
        latencies
                .computeIfAbsent(
                        model,
                        key -> Timer.builder(UPSTREAM_LATENCY)
                                .description("Upstream request latency")
                                .tag("model", key)
                                .publishPercentiles(0.5, 0.99)
                                .register(registry))
                .record(latency);
    }

    /** The tags of one decision counter. */
    private record DecisionMeter(Algorithm algorithm, boolean allowed, DecisionSource source) {}
}
