package dev.stormwatch.provider;

import java.time.Clock;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Values that can be taken once, before they expire: PAR request URIs (RFC 9126 §2.2, one use, 60 s) and pending
 * sign-in interactions.
 */
final class SingleUseStore<T> {

    private record Entry<T>(T value, Instant expiresAt) {}

    private final Clock clock;
    private final Map<String, Entry<T>> entries = new ConcurrentHashMap<>();

    SingleUseStore(Clock clock) {
        this.clock = clock;
    }

    void put(String key, T value, Instant expiresAt) {
        Instant now = clock.instant();
        entries.values().removeIf(e -> !now.isBefore(e.expiresAt()));
        entries.put(key, new Entry<>(value, expiresAt));
    }

    /** The value, removed so that it cannot be taken again; empty when unknown, taken or expired. */
    Optional<T> take(String key) {
        Entry<T> entry = entries.remove(key);
        if (entry == null || !clock.instant().isBefore(entry.expiresAt())) {
            return Optional.empty();
        }
        return Optional.of(entry.value());
    }

    /** The value without taking it. */
    Optional<T> peek(String key) {
        Entry<T> entry = entries.get(key);
        if (entry == null || !clock.instant().isBefore(entry.expiresAt())) {
            return Optional.empty();
        }
        return Optional.of(entry.value());
    }
}
