package dev.stormwatch.limit;

/** A limiter setting is wrong (limit, window, key, Redis URL); raised when the setting is made (spec C2 in spirit). */
public final class LimiterConfigurationException extends LimiterException {

    public LimiterConfigurationException(String message) {
        super(message, null);
    }
}
