package dev.stormwatch.limit;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.concurrent.atomic.AtomicReference;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * A Redis limiter that keeps deciding while Redis is away: it follows the configured {@link FailureMode}, reports the
 * outage (listener, {@link #status()}, metrics), skips Redis for a short interval after a failure, and goes back to Redis by itself (spec L9).
 */
public final class GuardedRateLimiter implements RateLimiter {

    private static final Logger LOG = LoggerFactory.getLogger(GuardedRateLimiter.class);

    private final RedisRateLimiter redis;
    private final FailureMode mode;
    private final InMemoryRateLimiter local;
    private final BackendCircuit circuit;
    private final Clock clock;
    private final BackendStatusListener listener;
    private final LimiterMetrics metrics;
    private final AtomicReference<BackendStatus> status;

    GuardedRateLimiter(
            RedisRateLimiter redis,
            FailureMode mode,
            Duration retryInterval,
            Clock clock,
            BackendStatusListener listener,
            LimiterMetrics metrics) {
        this(redis, mode, retryInterval, 1, clock, listener, metrics);
    }

    GuardedRateLimiter(
            RedisRateLimiter redis,
            FailureMode mode,
            Duration retryInterval,
            int failureThreshold,
            Clock clock,
            BackendStatusListener listener,
            LimiterMetrics metrics) {
        this.redis = Objects.requireNonNull(redis, "redis");
        this.mode = Objects.requireNonNull(mode, "mode");
        this.clock = Objects.requireNonNull(clock, "clock");
        this.listener = Objects.requireNonNull(listener, "listener");
        this.metrics = Objects.requireNonNull(metrics, "metrics");
        this.local = new InMemoryRateLimiter(redis.algorithm(), redis.spec(), clock);
        this.circuit = new BackendCircuit(clock, retryInterval, failureThreshold);
        this.status =
                new AtomicReference<>(new BackendStatus(true, "Redis at " + redis.describeBackend(), clock.instant()));
    }

    @Override
    public LimitDecision tryAcquire(LimitKey key) {
        LimitDecision decision = decide(key);
        metrics.decision(redis.algorithm(), decision);
        return decision;
    }

    private LimitDecision decide(LimitKey key) {
        // L9: right after a failure, do not wait on Redis again; decide at once.
        if (!circuit.tryPass()) {
            return degraded(key);
        }
        try {
            LimitDecision decision = redis.tryAcquire(key);
            if (circuit.recordSuccess()) {
                report(new BackendStatus(
                        true, "Redis at " + redis.describeBackend() + " answers again", clock.instant()));
            }
            return decision;
        } catch (RedisUnavailableException e) {
            metrics.backendFailure("unavailable");
            if (circuit.recordFailure()) {
                report(new BackendStatus(false, e.getMessage(), clock.instant()));
            }
            return degraded(key);
        } catch (RedisCommandException e) {
            // Redis answered, so it is up; this key or this Redis refuses the command. Nothing was counted (L1).
            metrics.backendFailure("error");
            report(new BackendStatus(true, e.getMessage(), clock.instant()));
            return degraded(key);
        }
    }

    private LimitDecision degraded(LimitKey key) {
        Instant now = clock.instant();
        return switch (mode) {
            // Refuse until Redis is tried again: the caller's retry-at is the next probe.
            case FAIL_CLOSED ->
                new LimitDecision.Refused(
                        0,
                        now,
                        Instant.ofEpochMilli(Math.max(circuit.nextAttemptMillis(), now.toEpochMilli() + 1)),
                        DecisionSource.FAIL_CLOSED);
            // Allow; the metrics count it under source=FAIL_OPEN.
            case FAIL_OPEN -> new LimitDecision.Allowed(0, now, DecisionSource.FAIL_OPEN);
            case LOCAL_FALLBACK -> local.decide(key).toDecision(DecisionSource.LOCAL_FALLBACK);
        };
    }

    private void report(BackendStatus next) {
        BackendStatus previous = status.getAndSet(next);
        if (previous.reachable() == next.reachable() && previous.detail().equals(next.detail())) {
            return;
        }
        // L9: the outage and the recovery go to the log as well as to the listener (the UI).
        if (!next.reachable()) {
            LOG.warn("Rate limiter: {}; deciding {} until it answers", next.detail(), mode);
        } else if (!previous.reachable()) {
            LOG.info("Rate limiter: {}", next.detail());
        } else {
            LOG.warn("Rate limiter: {}; that decision was {}", next.detail(), mode);
        }
        listener.onStatusChange(next);
    }

    /** The latest status: reachable or not, and why (L9). */
    public BackendStatus status() {
        return status.get();
    }

    /** The failure mode this limiter follows while Redis is away. */
    public FailureMode failureMode() {
        return mode;
    }

    /** The bare Redis limiter inside. */
    public RedisRateLimiter redis() {
        return redis;
    }

    @Override
    public Algorithm algorithm() {
        return redis.algorithm();
    }

    @Override
    public LimitSpec spec() {
        return redis.spec();
    }
}
