package dev.stormwatch.limit;

/** In-memory twin of {@code fixed_window.lua}: a counter that resets at each epoch-aligned boundary (spec L7). */
final class LocalFixedWindow implements LocalWindow {

    private final int limit;
    private final long windowMicros;
    private long windowStart = Long.MIN_VALUE;
    private long count;

    LocalFixedWindow(LimitSpec spec) {
        this.limit = spec.limit();
        this.windowMicros = spec.windowMicros();
    }

    @Override
    public Verdict decide(long nowMicros) {
        long start = nowMicros - Math.floorMod(nowMicros, windowMicros);
        if (start != windowStart) {
            windowStart = start;
            count = 0;
        }
        if (count >= limit) {
            return Verdict.refuse(count, start + windowMicros, nowMicros);
        }
        count++;
        return Verdict.allow(count, nowMicros);
    }
}
