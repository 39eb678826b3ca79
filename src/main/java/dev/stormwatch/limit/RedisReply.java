package dev.stormwatch.limit;

import java.util.List;

/** Reads a script's reply {@code {allowed, inWindow, retryAtUs, nowUs}} (spec L3, L4). */
final class RedisReply {

    private RedisReply() {}

    static Verdict parse(Object reply, String where) {
        if (!(reply instanceof List<?> values) || values.size() != 4) {
            throw new RedisCommandException("Redis at " + where + " gave an unexpected limiter reply: " + reply, null);
        }
        for (Object value : values) {
            if (!(value instanceof Long)) {
                throw new RedisCommandException(
                        "Redis at " + where + " gave a non-integer limiter reply: " + values, null);
            }
        }
        boolean allowed = (Long) values.get(0) == 1L;
        long inWindow = (Long) values.get(1);
        long retryAt = (Long) values.get(2);
        long now = (Long) values.get(3);
        return allowed ? Verdict.allow(inWindow, now) : Verdict.refuse(inWindow, retryAt, now);
    }
}
