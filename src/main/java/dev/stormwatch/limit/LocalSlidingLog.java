package dev.stormwatch.limit;

import java.util.ArrayDeque;

/** In-memory twin of {@code sliding_log.lua}: one timestamp per allowed request (spec L1, L3, L6). */
final class LocalSlidingLog implements LocalWindow {

    private final int limit;
    private final long windowMicros;
    private final ArrayDeque<Long> entries = new ArrayDeque<>();

    LocalSlidingLog(LimitSpec spec) {
        this.limit = spec.limit();
        this.windowMicros = spec.windowMicros();
    }

    @Override
    public Verdict decide(long nowMicros) {
        // A local clock that steps back must not reopen the window: keep the log in time order.
        long now = entries.isEmpty() ? nowMicros : Math.max(nowMicros, entries.peekLast());
        long cutoff = now - windowMicros;
        // L1: an entry exactly one window old has left the window, as ZREMRANGEBYSCORE -inf cutoff removes it.
        while (!entries.isEmpty() && entries.peekFirst() <= cutoff) {
            entries.pollFirst();
        }
        if (entries.size() >= limit) {
            // L3: the oldest entry leaves the window at its time plus the window.
            return Verdict.refuse(entries.size(), entries.peekFirst() + windowMicros, now);
        }
        entries.addLast(now);
        return Verdict.allow(entries.size(), now);
    }
}
