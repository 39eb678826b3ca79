package dev.stormwatch.http;

import dev.stormwatch.retry.CallFailure;
import java.util.Objects;

/**
 * A secret the resilient client adds to every request: a bearer token or an API key header (spec RC6). Its
 * {@code toString()} never shows the secret, so a log line or report cannot leak it by accident.
 */
public final class Credential {

    private final String headerName;
    private final String headerValue;
    private final String kind;

    private Credential(String headerName, String headerValue, String kind) {
        this.headerName = headerName;
        this.headerValue = headerValue;
        this.kind = kind;
    }

    /**
     * {@code Authorization: Bearer <token>} (RFC 6750 §2.1).
     *
     * @throws CallFailure.Configuration when the token is missing, blank or holds whitespace
     */
    public static Credential bearer(String token) {
        check(token, "bearer token");
        return new Credential("Authorization", "Bearer " + token, "bearer token");
    }

    /**
     * An API key in its own header, for example {@code x-api-key} or {@code api-key}.
     *
     * @throws CallFailure.Configuration when the header name or the key is missing, blank or holds whitespace
     */
    public static Credential apiKey(String headerName, String key) {
        check(headerName, "API key header name");
        check(key, "API key");
        return new Credential(headerName, key, "API key");
    }

    /** The header this credential goes in. */
    public String headerName() {
        return headerName;
    }

    /** The header's value, secret included: only for putting on the wire. */
    String headerValue() {
        return headerValue;
    }

    private static void check(String value, String what) {
        if (value == null || value.isBlank() || value.chars().anyMatch(Character::isWhitespace)) {
            throw new CallFailure.Configuration("The " + what + " is missing or holds whitespace. Give it without"
                    + " spaces or line breaks (RC6: it is never shown, so check it where it came from).");
        }
    }

    @Override
    public String toString() {
        return "Credential[" + kind + " in " + headerName + ": " + RequestRedaction.REDACTED + "]";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Credential that && that.headerName.equalsIgnoreCase(headerName)
                && that.headerValue.equals(headerValue);
    }

    @Override
    public int hashCode() {
        return Objects.hash(headerName.toLowerCase(java.util.Locale.ROOT), headerValue);
    }
}
