package dev.stormwatch.limit;

import java.time.Instant;

/** Epoch microseconds, the time unit of every algorithm (Redis {@code TIME} gives seconds and microseconds, L4). */
final class MicroTime {

    private MicroTime() {}

    static long of(Instant instant) {
        return Math.addExact(Math.multiplyExact(instant.getEpochSecond(), 1_000_000L), instant.getNano() / 1000);
    }

    static Instant toInstant(long micros) {
        return Instant.ofEpochSecond(Math.floorDiv(micros, 1_000_000L), Math.floorMod(micros, 1_000_000L) * 1000L);
    }

    /** Ceiling of a / b for non-negative a and positive b. */
    static long ceilDiv(long a, long b) {
        return -Math.floorDiv(-a, b);
    }
}
