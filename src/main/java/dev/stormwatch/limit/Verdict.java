package dev.stormwatch.limit;

import java.time.Instant;

/**
 * The raw answer of one algorithm step, in the shape the Lua scripts return: {@code {allowed, inWindow, retryAtUs,
 * nowUs}} (spec L3, L4). Both the in-memory twins and the Redis reply parser produce it.
 */
record Verdict(boolean allowed, long inWindow, long retryAtMicros, long nowMicros) {

    static Verdict allow(long inWindow, long nowMicros) {
        return new Verdict(true, inWindow, 0, nowMicros);
    }

    static Verdict refuse(long inWindow, long retryAtMicros, long nowMicros) {
        return new Verdict(false, inWindow, retryAtMicros, nowMicros);
    }

    LimitDecision toDecision(DecisionSource source) {
        Instant now = MicroTime.toInstant(nowMicros);
        return allowed
                ? new LimitDecision.Allowed(inWindow, now, source)
                : new LimitDecision.Refused(inWindow, now, MicroTime.toInstant(retryAtMicros), source);
    }
}
