package dev.stormwatch.limit;

/** Redis did not answer in time or refused the connection: the limiter's failure mode applies (spec L9). */
public final class RedisUnavailableException extends LimiterException {

    public RedisUnavailableException(String message, Throwable cause) {
        super(message, cause);
    }
}
