package dev.stormwatch.server;

import java.time.Duration;
import java.time.Instant;
import java.util.ArrayDeque;
import java.util.HashSet;
import java.util.Objects;
import java.util.Set;

/**
 * The DPoP proof identifiers ({@code jti}) seen recently, so that a proof is accepted once (RFC 9449 §11.1). Each is
 * kept for a fixed retention after it was first seen and then forgotten: entries expire in the order they came, so a
 * queue in arrival order finds every expired one at its head, and each check costs O(1) amortised instead of a scan
 * of everything remembered.
 */
final class JtiReplayCache {

    /** One remembered identifier and the instant after which it is forgotten. */
    private record Entry(String key, Instant expiresAt) {}

    private final Duration retention;
    private final Set<String> seen = new HashSet<>();
    private final ArrayDeque<Entry> byExpiry = new ArrayDeque<>();

    /**
     * @param retention how long an identifier is remembered; must cover the longest time a proof's {@code iat} check
     *                  accepts it after it was first seen
     */
    JtiReplayCache(Duration retention) {
        this.retention = Objects.requireNonNull(retention, "retention");
    }

    /** True the first time {@code key} is seen within its retention; false for a replay. */
    synchronized boolean firstUse(String key, Instant now) {
        forgetExpired(now);
        if (!seen.add(key)) {
            return false;
        }
        // Arrival order is expiry order (one retention for all), unless the clock steps back: then an entry is
        // forgotten a little late, never early.
        byExpiry.addLast(new Entry(key, now.plus(retention)));
        return true;
    }

    /** How many identifiers are remembered now (for tests and diagnostics). */
    synchronized int size() {
        return seen.size();
    }

    private void forgetExpired(Instant now) {
        // Kept through the expiry instant itself, forgotten after it.
        while (!byExpiry.isEmpty() && byExpiry.peekFirst().expiresAt().isBefore(now)) {
            seen.remove(byExpiry.pollFirst().key());
        }
    }
}
