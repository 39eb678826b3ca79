package dev.stormwatch.limit;

/**
 * Redis answered with an error (wrong key type, out of memory, no permission, NOSCRIPT...). The scripts fail on their
 * first command before any write, so nothing was counted (spec L1).
 */
public final class RedisCommandException extends LimiterException {

    private final boolean noScript;

    public RedisCommandException(String message, Throwable cause) {
        this(message, cause, false);
    }

    private RedisCommandException(String message, Throwable cause, boolean noScript) {
        super(message, cause);
        this.noScript = noScript;
    }

    /** Redis does not know the script's SHA (restart, SCRIPT FLUSH, failover): load it and retry once (L5). */
    public static RedisCommandException noScript(String message, Throwable cause) {
        return new RedisCommandException(message, cause, true);
    }

    /** True when Redis answered NOSCRIPT (L5). */
    public boolean isNoScript() {
        return noScript;
    }
}
