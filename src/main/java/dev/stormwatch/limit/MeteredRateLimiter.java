package dev.stormwatch.limit;

import java.util.Objects;

/** Counts every decision of the limiter it wraps (spec L8). */
final class MeteredRateLimiter implements RateLimiter {

    private final RateLimiter inner;
    private final LimiterMetrics metrics;

    MeteredRateLimiter(RateLimiter inner, LimiterMetrics metrics) {
        this.inner = Objects.requireNonNull(inner, "inner");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
    }

    @Override
    public LimitDecision tryAcquire(LimitKey key) {
        LimitDecision decision = inner.tryAcquire(key);
        metrics.decision(inner.algorithm(), decision);
        return decision;
    }

    @Override
    public Algorithm algorithm() {
        return inner.algorithm();
    }

    @Override
    public LimitSpec spec() {
        return inner.spec();
    }
}
