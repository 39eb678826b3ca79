package dev.stormwatch.limit;

/**
 * In-memory twin of {@code token_bucket.lua}: {@code limit} tokens refilled at {@code limit} per window (spec L7).
 * Tokens are kept in integer units (one token = window µs, refill = limit units per µs), so no rounding drifts.
 */
final class LocalTokenBucket implements LocalWindow {

    private final long limit;
    private final long windowMicros;
    private final long capacity;
    private long units;
    private long stamp = Long.MIN_VALUE;

    LocalTokenBucket(LimitSpec spec) {
        this.limit = spec.limit();
        this.windowMicros = spec.windowMicros();
        this.capacity = limit * windowMicros;
        this.units = capacity;
    }

    @Override
    public Verdict decide(long nowMicros) {
        if (stamp != Long.MIN_VALUE) {
            // A full refill takes one window, so clamping the elapsed time there loses nothing.
            long elapsed = Math.min(Math.max(nowMicros - stamp, 0), windowMicros);
            units = Math.min(capacity, units + elapsed * limit);
        }
        // A clock that steps back does not earn tokens twice.
        stamp = Math.max(stamp, nowMicros);
        if (units < windowMicros) {
            long retryAt = nowMicros + MicroTime.ceilDiv(windowMicros - units, limit);
            return Verdict.refuse(MicroTime.ceilDiv(capacity - units, windowMicros), retryAt, nowMicros);
        }
        units -= windowMicros;
        return Verdict.allow(MicroTime.ceilDiv(capacity - units, windowMicros), nowMicros);
    }
}
