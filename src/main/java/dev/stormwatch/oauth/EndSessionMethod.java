package dev.stormwatch.oauth;

import java.util.Locale;

/**
 * How the browser carries an RP-initiated logout's parameters to the provider's {@code end_session_endpoint} (OpenID
 * Connect RP-Initiated Logout 1.0 §2 lets the provider take both; SX9).
 */
public enum EndSessionMethod {
    /**
     * A form POST from the one-time loopback page (SX7, SX8): the ID token is in a request body, in no address the
     * browser keeps. The default; some providers read only the query and ignore it.
     */
    POST,
    /**
     * The browser opened straight at the endpoint with the parameters in the query: every provider reads it, but the
     * ID token is in the address bar and the browser's history (SX9, SX10).
     */
    GET;

    /** The method a setting leaves out means (SX9). */
    public static final EndSessionMethod DEFAULT = POST;

    /** The trade-off in one line, under the app's End-session method field. */
    public static final String TRADE_OFF = "post keeps the ID token out of the browser's address bar and history, but"
            + " some providers ignore it; get is read by every provider, but puts id_token_hint in the address and the"
            + " history";

    /** The word the command line, the settings and a profile use: {@code post} or {@code get}. */
    public String wireName() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * Reads {@code post} or {@code get} (any case, spaces around ignored); {@code field} names where it was typed.
     *
     * @throws IllegalArgumentException in the words of {@code field}, saying what it takes
     */
    public static EndSessionMethod parse(String text, String field) {
        String typed = text == null ? "" : text.strip();
        for (EndSessionMethod method : values()) {
            if (method.wireName().equalsIgnoreCase(typed)) {
                return method;
            }
        }
        throw new IllegalArgumentException(field
                + (typed.isEmpty() ? " is empty" : " '" + typed + "' is not a method it takes")
                + ": give post (the default: the ID token in a form body) or get (the ID token in the address, for"
                + " providers that read only the query) (SX9)");
    }
}
