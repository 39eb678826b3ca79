package dev.stormwatch.base;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.Objects;

/**
 * A token, code, verifier, DPoP proof or API key: its {@code toString()} redacts, so that no log line, exception
 * message or report can print it by accident (RC6), and it compares in constant time.
 */
public final class Secret {

    /** What a secret looks like wherever it is printed: the one redaction marker of the project. */
    public static final String REDACTED = "[redacted]";

    private final String value;

    private Secret(String value) {
        this.value = Objects.requireNonNull(value, "value");
    }

    /** Wraps a secret value. */
    public static Secret of(String value) {
        return new Secret(value);
    }

    /** The value itself: call only where it goes on the wire or into the session file, never for printing. */
    public String reveal() {
        return value;
    }

    @Override
    public boolean equals(Object other) {
        // Constant time, so a comparison of a state or a token leaks nothing through timing.
        return other instanceof Secret that
                && MessageDigest.isEqual(
                        value.getBytes(StandardCharsets.UTF_8), that.value.getBytes(StandardCharsets.UTF_8));
    }

    @Override
    public int hashCode() {
        return value.hashCode();
    }

    @Override
    public String toString() {
        return REDACTED;
    }
}
