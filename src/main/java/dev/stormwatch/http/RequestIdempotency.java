package dev.stormwatch.http;

import dev.stormwatch.retry.Operation;
import java.util.Locale;
import okhttp3.Request;

/**
 * Which requests the resilient client may retry (spec RC2, RFC 9110 §9.2.2): the idempotent methods GET, HEAD,
 * OPTIONS, PUT and DELETE, and POST or PATCH carrying an {@code Idempotency-Key}. Everything else is sent once.
 */
public final class RequestIdempotency {

    /** The header that makes a POST or PATCH safe to resend (draft-ietf-httpapi-idempotency-key-header). */
    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private RequestIdempotency() {}

    /** The retry engine's operation for this request: {@link Operation#READ} when retryable, else SEND_ONCE. */
    public static Operation operationOf(Request request) {
        return isRetryable(request) ? Operation.READ : Operation.SEND_ONCE;
    }

    /** True when resending this request cannot do anything twice (RC2). */
    public static boolean isRetryable(Request request) {
        String method = request.method().toUpperCase(Locale.ROOT);
        return switch (method) {
            // RC2: RFC 9110 §9.2.2; the article leaves PUT out, the RFC does not.
            case "GET", "HEAD", "OPTIONS", "PUT", "DELETE" -> true;
            // RC2: the server deduplicates by the key, so a resend is safe; an empty key deduplicates nothing.
            case "POST", "PATCH" -> hasKey(request);
            default -> false;
        };
    }

    private static boolean hasKey(Request request) {
        String key = request.header(IDEMPOTENCY_KEY);
        return key != null && !key.isBlank();
    }
}
