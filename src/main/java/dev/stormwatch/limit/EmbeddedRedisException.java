package dev.stormwatch.limit;

/** The embedded {@code redis-server} could not be started; the app falls back to the in-memory limiter. */
public final class EmbeddedRedisException extends LimiterException {

    public EmbeddedRedisException(String message, Throwable cause) {
        super(message, cause);
    }
}
