package dev.stormwatch.http;

import dev.stormwatch.base.Secret;
import java.util.Locale;
import java.util.Set;
import okhttp3.HttpUrl;
import okhttp3.Request;

/**
 * Describes a request for logs and reports with every secret replaced by {@value #REDACTED} (spec RC6): bearer
 * tokens, API keys, cookies, DPoP proofs, authorization codes and refresh tokens, in headers, in the query and in the
 * URL's user info. Errs on the side of hiding: any header or parameter whose name looks secret is redacted.
 */
public final class RequestRedaction {

    /** What a secret looks like in a log line: the project's one marker, {@link Secret#REDACTED}. */
    public static final String REDACTED = Secret.REDACTED;
    /** The marker as {@link HttpUrl} writes it in a query or user info, where brackets are percent-encoded. */
    private static final String REDACTED_IN_URL = "%5B" + REDACTED.substring(1, REDACTED.length() - 1) + "%5D";

    /** Header names that always carry a secret. */
    private static final Set<String> SECRET_HEADERS = Set.of(
            "authorization", "proxy-authorization", "cookie", "set-cookie", "dpop", "x-api-key", "api-key", "apikey");
    /** Name fragments of headers and query parameters that look secret (RC6 lists tokens, keys, codes, proofs). */
    private static final String[] SECRET_FRAGMENTS = {
        "token",
        "secret",
        "key",
        "auth",
        "code",
        "password",
        "passwd",
        "session",
        "signature",
        "sig",
        "dpop",
        "assertion",
        "credential"
    };
    /** Idempotency keys are not secrets; showing them helps to trace a retried call (RC2). */
    private static final Set<String> PUBLIC_HEADERS = Set.of("idempotency-key");

    private RequestRedaction() {}

    /** {@code METHOD url [Header: value, ...]} with secrets redacted. */
    public static String describe(Request request) {
        StringBuilder line = new StringBuilder(request.method()).append(' ').append(redactUrl(request.url()));
        if (request.headers().size() > 0) {
            line.append(" [");
            for (int i = 0; i < request.headers().size(); i++) {
                String name = request.headers().name(i);
                line.append(i == 0 ? "" : ", ")
                        .append(name)
                        .append(": ")
                        .append(
                                isSecretHeader(name)
                                        ? REDACTED
                                        : request.headers().value(i));
            }
            line.append(']');
        }
        return line.toString();
    }

    /** The URL with user info and secret-looking query values redacted. */
    public static String redactUrl(HttpUrl url) {
        HttpUrl.Builder safe = url.newBuilder();
        if (!url.username().isEmpty() || !url.password().isEmpty()) {
            safe.username(REDACTED).password("");
        }
        for (String name : url.queryParameterNames()) {
            if (looksSecret(name)) {
                safe.setQueryParameter(name, REDACTED);
            }
        }
        return safe.build().toString().replace(REDACTED_IN_URL, REDACTED);
    }

    /** True when a header of this name must never be shown. */
    public static boolean isSecretHeader(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        if (PUBLIC_HEADERS.contains(lower)) {
            return false;
        }
        return SECRET_HEADERS.contains(lower) || looksSecret(lower);
    }

    private static boolean looksSecret(String name) {
        String lower = name.toLowerCase(Locale.ROOT);
        for (String fragment : SECRET_FRAGMENTS) {
            if (lower.contains(fragment)) {
                return true;
            }
        }
        return false;
    }
}
