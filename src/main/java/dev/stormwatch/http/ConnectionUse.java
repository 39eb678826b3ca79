package dev.stormwatch.http;

/**
 * Which connection an attempt was written on, and why (spec CN1, CN2): what the request timeline shows beside the
 * status, so that a reader sees when a new connection was opened on purpose or after a stale one.
 */
public enum ConnectionUse {
    /** Not known: the transport that sent the attempt does not say (the load engine's transports). */
    UNRECORDED,
    /** Nothing was written: a pause, the limiter or a passed deadline refused the attempt before sending. */
    NONE,
    /** Written on a keep-alive connection from the pool. */
    REUSED,
    /** Written on a connection opened for it: none was idle in the pool. */
    OPENED,
    /**
     * Written on a connection opened on purpose: the request may not be sent twice, so it never goes onto an idle
     * connection that the server may have closed meanwhile (CN1).
     */
    OPENED_NOT_RESENDABLE,
    /**
     * The server had closed the pooled connection while it sat idle, before any byte of an answer: the idempotent
     * request was sent again on a new connection, which is not a retry (CN2, RFC 9112 §9.3.1).
     */
    OPENED_AFTER_STALE;

    /** A few words for the timeline and the CLI; empty when there is nothing to say. */
    public String describe() {
        return switch (this) {
            case UNRECORDED, NONE -> "";
            case REUSED -> "reused connection";
            case OPENED -> "new connection";
            case OPENED_NOT_RESENDABLE -> "new connection: not resendable (CN1)";
            case OPENED_AFTER_STALE -> "new connection: the pooled one was closed while idle (CN2)";
        };
    }
}
