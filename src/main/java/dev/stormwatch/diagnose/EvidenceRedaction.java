package dev.stormwatch.diagnose;

import dev.stormwatch.http.RequestRedaction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Hides the secrets that evidence carries before any of it is shown (RC6, DG11): values of query parameters whose
 * names look secret ({@code code}, {@code access_token}, {@code token}, {@code id_token}, {@code refresh_token},
 * {@code client_secret}, {@code api_key}, {@code key}, ...; the names are judged by
 * {@link RequestRedaction#isSecretHeader}, the project's one list), bearer and basic credentials, JWTs, and the values
 * of Authorization, Cookie and API-key fields in JSON.
 */
public final class EvidenceRedaction {

    private static final Pattern QUERY_PARAMETER = Pattern.compile("([?&;])([^=&;\\s\"?#]+)=([^&;\\s\"#]*)");
    /** In free text a parameter may also follow a space or a quote ({@code token=...} in a garbled line). */
    private static final Pattern TEXT_PARAMETER = Pattern.compile("([?&;\\s\"'(,])([A-Za-z0-9_.-]+)=([^&;\\s\"#,)]*)");

    private static final Pattern CREDENTIAL = Pattern.compile("(?i)\\b(bearer|basic|dpop)\\s+[A-Za-z0-9._~+/=-]+");
    private static final Pattern JWT = Pattern.compile("eyJ[A-Za-z0-9_-]{4,}\\.[A-Za-z0-9_-]+\\.[A-Za-z0-9_-]*");
    private static final Pattern SECRET_JSON_FIELD = Pattern.compile(
            "(?i)(\"(?:authorization|proxy-authorization|cookie|set-cookie|x-api-key|api[-_]?key|apikey)\"\\s*:\\s*\")"
                    + "(?:[^\"\\\\]|\\\\.)*\"");

    private EvidenceRedaction() {}

    /** A request target or URL with the values of secret-looking query parameters replaced. */
    public static String target(String uri) {
        if (uri == null || uri.indexOf('?') < 0) {
            return uri;
        }
        return query(uri, QUERY_PARAMETER);
    }

    /** A line of evidence (a log line, a JSON line) with every secret this class knows replaced. */
    public static String line(String text) {
        if (text == null) {
            return null;
        }
        String out = SECRET_JSON_FIELD.matcher(text).replaceAll("$1" + RequestRedaction.REDACTED + "\"");
        out = CREDENTIAL.matcher(out).replaceAll("$1 " + RequestRedaction.REDACTED);
        out = JWT.matcher(out).replaceAll(RequestRedaction.REDACTED);
        return query(out, TEXT_PARAMETER);
    }

    private static String query(String text, Pattern parameter) {
        Matcher m = parameter.matcher(text);
        StringBuilder out = new StringBuilder(text.length());
        while (m.find()) {
            String replacement = RequestRedaction.isSecretHeader(m.group(2))
                    ? m.group(1) + m.group(2) + "=" + RequestRedaction.REDACTED
                    : m.group();
            m.appendReplacement(out, Matcher.quoteReplacement(replacement));
        }
        m.appendTail(out);
        return out.toString();
    }
}
