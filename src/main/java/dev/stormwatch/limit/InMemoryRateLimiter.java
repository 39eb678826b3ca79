package dev.stormwatch.limit;

import java.time.Clock;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A limiter for one process, on an injected clock: the in-memory twin of the Redis scripts (spec L7), and the local
 * fallback while Redis is away (L9). Not shared between processes, so not strict across machines.
 *
 * <p>Keys idle long enough to be back in their fresh state are dropped, as Redis expires them, so a long run over
 * many keys does not grow without bound.
 */
final class InMemoryRateLimiter implements RateLimiter {

    /** How many decisions between two sweeps of idle keys: often enough to bound memory, rare enough to cost nothing. */
    private static final long SWEEP_EVERY = 10_000;

    private final Algorithm algorithm;
    private final LimitSpec spec;
    private final Clock clock;
    private final long idleMicros;
    private final ConcurrentHashMap<LimitKey, Slot> slots = new ConcurrentHashMap<>();
    private final AtomicLong decisions = new AtomicLong();

    /** One key's state, with when it was last used; retired once swept, so a late caller looks it up again. */
    private static final class Slot {
        final LocalWindow window;
        long lastUsedMicros;
        boolean retired;

        Slot(LocalWindow window) {
            this.window = window;
        }
    }

    public InMemoryRateLimiter(Algorithm algorithm, LimitSpec spec, Clock clock) {
        this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
        this.spec = Objects.requireNonNull(spec, "spec");
        this.clock = Objects.requireNonNull(clock, "clock");
        // After two windows every algorithm is back to a fresh state; GCRA's rounded-up interval adds up to limit µs.
        this.idleMicros = 2 * spec.windowMicros() + spec.limit();
    }

    @Override
    public LimitDecision tryAcquire(LimitKey key) {
        return decide(key).toDecision(DecisionSource.BACKEND);
    }

    /** The raw verdict, for the fallback path that labels it itself. */
    Verdict decide(LimitKey key) {
        Verdict verdict = null;
        while (verdict == null) {
            Slot slot = slots.computeIfAbsent(key, k -> new Slot(algorithm.newLocalWindow(spec)));
            synchronized (slot) {
                // A sweep retired this slot between lookup and lock: look the key up again.
                if (!slot.retired) {
                    // Read the clock inside the lock: two threads must not apply their instants out of order.
                    long now = MicroTime.of(clock.instant());
                    slot.lastUsedMicros = now;
                    verdict = slot.window.decide(now);
                }
            }
        }
        if (decisions.incrementAndGet() % SWEEP_EVERY == 0) {
            sweepIdleKeys();
        }
        return verdict;
    }

    /** Drops the keys idle long enough to be in their fresh state again. */
    void sweepIdleKeys() {
        long now = MicroTime.of(clock.instant());
        for (Map.Entry<LimitKey, Slot> entry : slots.entrySet()) {
            Slot slot = entry.getValue();
            synchronized (slot) {
                if (now - slot.lastUsedMicros >= idleMicros) {
                    slot.retired = true;
                    slots.remove(entry.getKey(), slot);
                }
            }
        }
    }

    /** How many keys hold state now. */
    int trackedKeys() {
        return slots.size();
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
