package dev.stormwatch.relay;

/** What the relay did with one request, as its record shows it. */
public enum RelayOutcome {
    /** Answered 200. */
    OK,
    /** 401: no valid API key or token. */
    UNAUTHORIZED,
    /** 400, 404, 405 or 415: the request itself was wrong. */
    BAD_REQUEST,
    /** 429: over the principal's quota; Retry-After says when the window resets. */
    QUOTA_EXCEEDED,
    /** 503: over the concurrent capacity. */
    OVERLOADED,
    /** 503: inside a scheduled outage. */
    OUTAGE,
    /** 5xx: picked by a brown-out. */
    BROWN_OUT,
    /** Answered (or not) by an injected fault. */
    FAULT,
    /** Its connection was reset by a hiccup while it was being served. */
    RESET
}
