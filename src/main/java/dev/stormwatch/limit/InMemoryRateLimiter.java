package dev.stormwatch.limit;

import java.time.Clock;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * A limiter for one process, on an injected clock: the in-memory twin of the Redis scripts (spec L7), and the local
 * fallback while Redis is away (L9). Not shared between processes, so not strict across machines.
 */
public final class InMemoryRateLimiter implements RateLimiter {

    private final Algorithm algorithm;
    private final LimitSpec spec;
    private final Clock clock;
    private final ConcurrentHashMap<LimitKey, LocalWindow> windows = new ConcurrentHashMap<>();

    public InMemoryRateLimiter(Algorithm algorithm, LimitSpec spec, Clock clock) {
        this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
        this.spec = Objects.requireNonNull(spec, "spec");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    @Override
    public Decision tryAcquire(LimitKey key) {
        return decide(key).toDecision(DecisionSource.BACKEND);
    }

    /** The raw verdict, for the fallback path that labels it itself. */
    Verdict decide(LimitKey key) {
        LocalWindow window = windows.computeIfAbsent(key, k -> algorithm.newLocalWindow(spec));
        synchronized (window) {
            // Read the clock inside the lock: two threads must not apply their instants out of order.
            return window.decide(MicroTime.of(clock.instant()));
        }
    }

    @Override
    public Algorithm algorithm() {
        return algorithm;
    }

    @Override
    public LimitSpec spec() {
        return spec;
    }
}
