package dev.stormwatch.limit;

import java.util.regex.Pattern;

/**
 * The limiter key of one authenticated principal on one model route: {@code ratelimit:{principal:model}} (spec L2).
 *
 * <p>The braces are a Redis Cluster hash tag, so every key an algorithm touches for this pair lives in one slot.
 * Names are checked when the key is made, so a bad name fails at configuration time and never reaches Redis.
 *
 * <p>A value with its Redis key built once: a limiter decision asks for it every time, on the hot path.
 */
public final class LimitKey {

    private static final int MAX_LENGTH = 200;
    // Whitespace would break logs and CLI quoting; braces would end the hash tag early and split a key over slots (L2);
    // control characters never belong in a name.
    private static final Pattern FORBIDDEN = Pattern.compile("[\\s{}\\p{Cntrl}]");

    private final String principal;
    private final String model;
    private final String redisKey;

    /**
     * @param principal the authenticated principal (a user or client id); no whitespace, braces or ':'
     * @param model     the model route; no whitespace or braces (':' is allowed, e.g. {@code llama3:8b})
     * @throws LimiterConfigurationException if either part is empty, too long, or holds a forbidden character
     */
    public LimitKey(String principal, String model) {
        check("principal", principal);
        check("model", model);
        // A ':' in the principal would make "a:b"+"c" and "a"+"b:c" the same key.
        if (principal.indexOf(':') >= 0) {
            throw new LimiterConfigurationException(
                    "principal must not contain ':' (it separates principal from model): '" + principal + "'");
        }
        this.principal = principal;
        this.model = model;
        this.redisKey = "ratelimit:{" + principal + ':' + model + '}';
    }

    /** Shorthand for {@code new LimitKey(principal, model)}. */
    public static LimitKey of(String principal, String model) {
        return new LimitKey(principal, model);
    }

    /** The authenticated principal. */
    public String principal() {
        return principal;
    }

    /** The model route. */
    public String model() {
        return model;
    }

    /** The Redis key, {@code ratelimit:{principal:model}} (L2). */
    public String redisKey() {
        return redisKey;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof LimitKey key && principal.equals(key.principal) && model.equals(key.model);
    }

    @Override
    public int hashCode() {
        return 31 * principal.hashCode() + model.hashCode(); // no varargs array: limiters hash keys per decision
    }

    @Override
    public String toString() {
        return redisKey;
    }

    private static void check(String part, String value) {
        if (value == null || value.isEmpty()) {
            throw new LimiterConfigurationException(
                    part + " is empty: every limiter key needs a principal and a model");
        }
        if (value.length() > MAX_LENGTH) {
            throw new LimiterConfigurationException(part + " is longer than " + MAX_LENGTH + " characters");
        }
        if (FORBIDDEN.matcher(value).find()) {
            throw new LimiterConfigurationException(
                    part + " must not contain whitespace, braces or control characters: '" + value + "'");
        }
    }
}
