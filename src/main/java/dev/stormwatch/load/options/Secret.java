package dev.stormwatch.load.options;

import java.util.Objects;

/**
 * A secret (API key, bearer token) whose {@code toString()} redacts, so that no log line, exception message or report
 * can print it by accident (RC6).
 */
public final class Secret {

    /** What a secret looks like wherever it is printed. */
    public static final String REDACTED = "[redacted]";

    private final String value;

    private Secret(String value) {
        this.value = value;
    }

    /** Wraps a secret value; blank values are refused, since they authenticate nobody. */
    public static Secret of(String value) {
        Objects.requireNonNull(value, "value");
        if (value.isBlank()) {
            throw new IllegalArgumentException("a secret cannot be blank");
        }
        return new Secret(value);
    }

    /** The secret itself, for the one place that puts it on the wire; never for printing. */
    public String reveal() {
        return value;
    }

    @Override
    public String toString() {
        return REDACTED;
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Secret secret && secret.value.equals(value);
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }
}
