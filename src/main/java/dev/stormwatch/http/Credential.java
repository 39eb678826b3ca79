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
     * @throws CallFailure.Configuration when the token is missing or holds anything but visible ASCII
     */
    public static Credential bearer(String token) {
        checkValue(token, "bearer token");
        return new Credential("Authorization", "Bearer " + token, "bearer token");
    }

    /**
     * An API key in its own header, for example {@code x-api-key} or {@code api-key}.
     *
     * @throws CallFailure.Configuration when the header name is not an RFC 9110 token, or the key is missing or holds
     *     anything but visible ASCII
     */
    public static Credential apiKey(String headerName, String key) {
        checkName(headerName);
        checkValue(key, "API key");
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

    /** RFC 9110 §5.6.2 tchar, besides letters and digits. */
    private static final String TOKEN_PUNCTUATION = "!#$%&'*+-.^_`|~";

    /**
     * RC6: OkHttp refuses other characters with an error whose message holds the whole value, secret included, so
     * they are refused here first with a message that never shows the value.
     */
    private static void checkValue(String value, String what) {
        if (value == null || value.isEmpty() || value.chars().anyMatch(c -> c < 0x21 || c > 0x7e)) {
            throw new CallFailure.Configuration("The " + what + " is missing or holds a character other than visible"
                    + " ASCII (no spaces, line breaks, control or non-ASCII characters). Copy it again from where it"
                    + " came from (RC6: it is never shown here).");
        }
    }

    /** A header name is an RFC 9110 token (§5.1): letters, digits and a few punctuation characters. */
    private static void checkName(String name) {
        if (name == null || name.isEmpty() || !name.chars().allMatch(Credential::isTokenChar)) {
            throw new CallFailure.Configuration("The API key header name is missing or is not an RFC 9110 token:"
                    + " use only letters, digits and " + TOKEN_PUNCTUATION + ", for example x-api-key.");
        }
    }

    private static boolean isTokenChar(int c) {
        return (c >= 'a' && c <= 'z')
                || (c >= 'A' && c <= 'Z')
                || (c >= '0' && c <= '9')
                || TOKEN_PUNCTUATION.indexOf(c) >= 0;
    }

    @Override
    public String toString() {
        return "Credential[" + kind + " in " + headerName + ": " + RequestRedaction.REDACTED + "]";
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof Credential that
                && that.headerName.equalsIgnoreCase(headerName)
                && that.headerValue.equals(headerValue);
    }

    @Override
    public int hashCode() {
        return Objects.hash(headerName.toLowerCase(java.util.Locale.ROOT), headerValue);
    }
}
