package dev.stormwatch.retry;

import java.util.Locale;

/**
 * The kinds of request step and whether each may be retried (spec section 3, F1, P3, A1). A request is retried
 * only when both the response (ST) and the operation say yes.
 */
public enum Operation {
    /** Discovery, JWKS, userinfo and idempotent API calls: retried like any read (ST1, ST2, OP3). */
    READ,
    /** Pushed authorization request: retried, a lost PAR only costs an unused {@code request_uri}. */
    PAR,
    /** Authorization code exchange: sent exactly once, and never refused by a pause (P3). */
    CODE_EXCHANGE,
    /** Refresh: retried only when the request was certainly not processed (F1). */
    REFRESH,
    /** Token revocation (RFC 7009, idempotent): retried with its own origin's limits and pause (OP5). */
    REVOCATION,
    /** A non-idempotent request of the application: sent once, its status returned as it is (A1, P7, RC2). */
    SEND_ONCE;

    /**
     * The operation of an API request by RC2: GET, HEAD, OPTIONS, PUT and DELETE are idempotent (RFC 9110 §9.2.2),
     * as are POST and PATCH that carry an {@code Idempotency-Key}; they are retried as reads. Anything else is sent once.
     */
    public static Operation forApiRequest(String method, boolean hasIdempotencyKey) {
        return switch (method.toUpperCase(Locale.ROOT)) {
            case "GET", "HEAD", "OPTIONS", "PUT", "DELETE" -> READ;
            case "POST", "PATCH" -> hasIdempotencyKey ? READ : SEND_ONCE;
            default -> SEND_ONCE;
        };
    }

    /** Whether a response with this retryable status (ST1) may be followed by another attempt. */
    public boolean retriesStatus(int status, boolean hasRetryAfter) {
        return switch (this) {
            case READ, PAR, REVOCATION -> true;
            // F1: only a 429 proves the request was refused, not processed; a 503 may come from a gateway
            // after the backend processed the refresh, with or without Retry-After.
            case REFRESH -> status == 429;
            // P3: the code exchange is sent once; A1: the application's own requests are not retried.
            case CODE_EXCHANGE, SEND_ONCE -> false;
        };
    }

    /** Whether a network failure of this kind may be followed by another attempt (ST2, F1). */
    public boolean retriesNetworkFailure(FailureKind kind) {
        return switch (this) {
            case READ, PAR, REVOCATION -> true;
            // F1: resending a refresh that may have been processed could use a rotated token twice.
            case REFRESH -> kind.certainlyNeverLeft();
            case CODE_EXCHANGE, SEND_ONCE -> false;
        };
    }

    /**
     * Whether a running pause refuses this request before it is sent (P2). The code exchange is never refused
     * (P3), nor are the application's own requests (P7).
     */
    public boolean checksPause() {
        return this != CODE_EXCHANGE && this != SEND_ONCE;
    }

    /**
     * Whether a retryable status is handed back to the caller as a response instead of an error: the
     * application's own requests get their 429 or 5xx as they are, Retry-After untouched (A1).
     */
    public boolean returnsStatusAsIs() {
        return this == SEND_ONCE;
    }
}
