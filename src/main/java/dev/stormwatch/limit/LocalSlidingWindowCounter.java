package dev.stormwatch.limit;

/**
 * In-memory twin of {@code sliding_window_counter.lua}: the previous window's count weighted by its overlap plus the
 * current count (spec L7). Compared in integers, {@code prev × (W − elapsed) + cur × W ≤ (limit − 1) × W}, so the
 * boundary is exact.
 */
final class LocalSlidingWindowCounter implements LocalWindow {

    private final int limit;
    private final long windowMicros;
    private long windowStart = Long.MIN_VALUE;
    private long current;
    private long previous;

    LocalSlidingWindowCounter(LimitSpec spec) {
        this.limit = spec.limit();
        this.windowMicros = spec.windowMicros();
    }

    @Override
    public Verdict decide(long nowMicros) {
        long w = windowMicros;
        long start = nowMicros - Math.floorMod(nowMicros, w);
        if (start != windowStart) {
            // The window moved on: the current count becomes the previous one if the windows are adjacent.
            previous = windowStart == start - w ? current : 0;
            current = 0;
            windowStart = start;
        }
        long elapsed = nowMicros - start;
        long weighted = previous * (w - elapsed) + current * w;
        long estimate = Math.floorDiv(weighted, w);
        if (weighted > (limit - 1L) * w) {
            return Verdict.refuse(estimate, retryAt(start), nowMicros);
        }
        current++;
        return Verdict.allow(Math.floorDiv(weighted + w, w), nowMicros);
    }

    private long retryAt(long start) {
        long w = windowMicros;
        if (current <= limit - 1L) {
            // Later in this window, once the previous window's weight has shrunk enough.
            return start + w - Math.floorDiv(w * (limit - 1L - current), previous);
        }
        // In the next window, once this window's count (then the previous one) has shrunk enough.
        return start + w + w - Math.floorDiv(w * (limit - 1L), current);
    }
}
