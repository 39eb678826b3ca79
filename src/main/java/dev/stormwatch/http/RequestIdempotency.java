package dev.stormwatch.http;

import dev.stormwatch.retry.Operation;
import okhttp3.Request;

/**
 * Which requests the resilient client may retry (spec RC2, RFC 9110 §9.2.2): reads an OkHttp request's method and
 * {@code Idempotency-Key} and asks the retry engine's {@link Operation#forApiRequest}, which holds the rule.
 */
public final class RequestIdempotency {

    /** The header that makes a POST or PATCH safe to resend (draft-ietf-httpapi-idempotency-key-header). */
    public static final String IDEMPOTENCY_KEY = "Idempotency-Key";

    private RequestIdempotency() {}

    /** The retry engine's operation for this request: {@link Operation#READ} when retryable, else SEND_ONCE. */
    public static Operation operationOf(Request request) {
        return Operation.forApiRequest(request.method(), hasKey(request));
    }

    /** True when resending this request cannot do anything twice (RC2). */
    public static boolean isRetryable(Request request) {
        return operationOf(request) == Operation.READ;
    }

    /** RC2: the server deduplicates by the key, so a resend is safe; a blank key deduplicates nothing. */
    private static boolean hasKey(Request request) {
        String key = request.header(IDEMPOTENCY_KEY);
        return key != null && !key.isBlank();
    }
}
