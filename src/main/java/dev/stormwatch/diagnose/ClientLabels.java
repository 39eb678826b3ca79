package dev.stormwatch.diagnose;

import dev.stormwatch.base.Digests;
import dev.stormwatch.http.RequestRedaction;
import java.util.HexFormat;
import java.util.Locale;

/**
 * How a client key is shown (DG11): as it is, unless it is a credential (the key's name looks secret, such as
 * {@code http_authorization} or {@code api_key}, or the value is a bearer/basic credential or a JWT): then only as
 * {@code key:} and the first 10 hex digits of its SHA-256, enough to tell clients apart and to match a ticket, not
 * enough to use.
 */
public final class ClientLabels {

    /** The label of requests whose evidence names no client. */
    public static final String UNKNOWN = "(unknown)";

    private final boolean keyIsCredential;

    /** @param keyName the name of the client key's field or variable, or null when there is none */
    public ClientLabels(String keyName) {
        this.keyIsCredential = keyName != null
                && RequestRedaction.isSecretHeader(keyName.replace("http_", "").replace('_', '-'));
    }

    /** The label to show for a raw key value. */
    public String label(String raw) {
        if (raw == null || raw.isEmpty()) {
            return UNKNOWN;
        }
        return keyIsCredential || looksLikeCredential(raw) ? "key:" + shortHash(raw) : raw;
    }

    static boolean looksLikeCredential(String value) {
        String lower = value.strip().toLowerCase(Locale.ROOT);
        return lower.startsWith("bearer ")
                || lower.startsWith("basic ")
                || lower.startsWith("dpop ")
                || lower.startsWith("eyj") && lower.indexOf('.') > 0;
    }

    static String shortHash(String value) {
        return HexFormat.of().formatHex(Digests.sha256(value), 0, 5);
    }
}
