package dev.stormwatch.limit;

/**
 * Every error the limiter raises: a bad setting, an unreachable or failing Redis, or an embedded Redis that would
 * not start (spec L9; docs/style.md §4). Callers catch this one type or one of its few subtypes.
 */
public abstract sealed class LimiterException extends RuntimeException
        permits LimiterConfigurationException,
                RedisUnavailableException,
                RedisCommandException,
                EmbeddedRedisException {

    LimiterException(String message, Throwable cause) {
        super(message, cause);
    }
}
