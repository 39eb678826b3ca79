package dev.stormwatch.retry;

/**
 * The kinds of network failure (spec ST2), split by what the client can know: the request certainly never left,
 * or it was sent and its outcome is unknown. The refresh rule F1 depends on this split.
 */
public enum FailureKind {
    /** The server refused the TCP connection: no byte of the request was sent. */
    CONNECT_REFUSED(true, "the connection was refused"),
    /** The host name did not resolve: no byte of the request was sent. */
    DNS_FAILURE(true, "the host name did not resolve"),
    /** The TCP connection was not established in time: no byte of the request was sent. */
    CONNECT_TIMEOUT(true, "the connection timed out"),
    /** The TLS handshake failed: no byte of the request was sent. */
    TLS_HANDSHAKE(true, "the TLS handshake failed"),
    /** The request was sent but no response came in time: the server may have processed it. */
    READ_TIMEOUT(false, "the response timed out after the request was sent"),
    /** The connection broke after the request was sent: the server may have processed it. */
    RESET_AFTER_SEND(false, "the connection was reset after the request was sent"),
    /** The answer was not valid HTTP: the server may have processed the request. */
    MALFORMED_RESPONSE(false, "the response was not valid HTTP");

    private final boolean certainlyNeverLeft;
    private final String description;

    FailureKind(boolean certainlyNeverLeft, String description) {
        this.certainlyNeverLeft = certainlyNeverLeft;
        this.description = description;
    }

    /** True when no byte of the request reached the server, so resending cannot do anything twice (F1). */
    public boolean certainlyNeverLeft() {
        return certainlyNeverLeft;
    }

    /** A short phrase for messages: what happened. */
    public String description() {
        return description;
    }
}
