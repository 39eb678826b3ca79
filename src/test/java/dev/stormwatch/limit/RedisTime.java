package dev.stormwatch.limit;

import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.locks.LockSupport;
import redis.clients.jedis.UnifiedJedis;

/** Reads Redis's own clock, the one the scripts use (L4), and waits for it to reach an instant. */
final class RedisTime {

    private RedisTime() {}

    static Instant now(UnifiedJedis jedis, String key) {
        @SuppressWarnings("unchecked")
        List<Long> time = (List<Long>) jedis.eval(
                "local t = redis.call('TIME') return {tonumber(t[1]), tonumber(t[2])}", List.of(key), List.of());
        return Instant.ofEpochSecond(time.get(0), time.get(1) * 1000);
    }

    /** Waits (at most a few seconds) until Redis's clock reaches the instant: Redis time cannot be faked. */
    static void awaitReaching(UnifiedJedis jedis, String key, Instant instant) {
        long giveUp = System.nanoTime() + 5_000_000_000L;
        while (now(jedis, key).isBefore(instant)) {
            if (System.nanoTime() > giveUp) {
                throw new AssertionError("Redis time did not reach " + instant);
            }
            LockSupport.parkNanos(1_000_000);
        }
    }

    /**
     * Waits until Redis's clock has just crossed the next epoch-aligned window boundary, the one the fixed window
     * counts from (L7), so that calls made right after share one window instead of straddling two.
     */
    static void awaitNextWindowStart(UnifiedJedis jedis, String key, Duration window) {
        awaitReaching(jedis, key, nextWindowStart(now(jedis, key), window));
    }

    /** The first epoch-aligned boundary of {@code window} strictly after {@code now}. */
    static Instant nextWindowStart(Instant now, Duration window) {
        long windowMicros = window.toNanos() / 1000;
        long nowMicros = now.getEpochSecond() * 1_000_000 + now.getNano() / 1000;
        long next = (nowMicros / windowMicros + 1) * windowMicros;
        return Instant.ofEpochSecond(next / 1_000_000, (next % 1_000_000) * 1000);
    }
}
