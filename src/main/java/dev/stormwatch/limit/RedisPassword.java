package dev.stormwatch.limit;

import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.Objects;

/**
 * The password a Redis server requires ({@code requirepass}). Its {@code toString()} redacts, so no log line, status
 * line or report can print it; only the Jedis adapters of this package read it, to send {@code AUTH}.
 */
public final class RedisPassword {

    /** 32 random bytes: far beyond guessing, and a Redis password has no length limit that matters here. */
    private static final int RANDOM_BYTES = 32;

    private final String value;

    private RedisPassword(String value) {
        this.value = value;
    }

    /** A fresh password from the given source (a {@link SecureRandom}; never a seeded one outside tests). */
    public static RedisPassword random(SecureRandom random) {
        byte[] bytes = new byte[RANDOM_BYTES];
        random.nextBytes(bytes);
        return new RedisPassword(HexFormat.of().formatHex(bytes));
    }

    /**
     * A password someone gave (a shared Redis).
     *
     * @throws LimiterConfigurationException if it is blank or holds a line break or space (it goes into redis.conf)
     */
    public static RedisPassword of(String value) {
        Objects.requireNonNull(value, "value");
        if (value.isBlank() || value.chars().anyMatch(c -> c <= ' ' || c == '"' || c == '\\')) {
            throw new LimiterConfigurationException(
                    "a Redis password must be non-blank, without spaces, quotes, backslashes or control characters");
        }
        return new RedisPassword(value);
    }

    /** The password itself, for AUTH and redis.conf only; never for printing. */
    String reveal() {
        return value;
    }

    @Override
    public String toString() {
        return "[redacted]";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof RedisPassword that
                && java.security.MessageDigest.isEqual(
                        value.getBytes(java.nio.charset.StandardCharsets.UTF_8),
                        that.value.getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }
}
