package dev.stormwatch.relay;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Counts requests per principal in fixed windows aligned to the epoch (window k covers [k·w, (k+1)·w)), the way many
 * model APIs meter "requests per minute". A refused request learns when the window ends: its {@code Retry-After}.
 */
final class QuotaWindows {

    private record Window(long index, int count) {}

    private final Quota quota;
    private final Clock clock;
    private final Map<String, Window> windows = new ConcurrentHashMap<>();

    QuotaWindows(Quota quota, Clock clock) {
        this.quota = quota;
        this.clock = clock;
    }

    /** Empty when the request is within the quota (and counts it); else how long until the window resets. */
    Optional<Duration> admit(String principal) {
        long now = clock.millis();
        long width = quota.window().toMillis();
        long index = Math.floorDiv(now, width);
        boolean[] admitted = new boolean[1];
        windows.compute(principal, (k, w) -> {
            if (w == null || w.index() != index) {
                admitted[0] = true;
                return new Window(index, 1);
            }
            if (w.count() >= quota.requests()) {
                // Refused requests are not counted: hammering a closed window does not push it further out.
                return w;
            }
            admitted[0] = true;
            return new Window(index, w.count() + 1);
        });
        if (admitted[0]) {
            return Optional.empty();
        }
        return Optional.of(Duration.ofMillis((index + 1) * width - now));
    }

    /** Requests left in the principal's current window. */
    int remaining(String principal) {
        Window w = windows.get(principal);
        long index = Math.floorDiv(clock.millis(), quota.window().toMillis());
        return w == null || w.index() != index ? quota.requests() : Math.max(0, quota.requests() - w.count());
    }

    /** When the current window ends. */
    Instant resetAt() {
        long width = quota.window().toMillis();
        return Instant.ofEpochMilli((Math.floorDiv(clock.millis(), width) + 1) * width);
    }

    Quota quota() {
        return quota;
    }
}
