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
    /** The TLS handshake broke off (a reset or an end of stream during it): no byte of the request was sent. */
    TLS_HANDSHAKE(true, "the TLS handshake failed"),
    /** The server's certificate chain leads to no authority this client trusts (self-signed, private CA; TL1). */
    TLS_UNTRUSTED(true, "the server's certificate is not trusted", true),
    /** The server's certificate has expired or is not valid yet (TL1). */
    TLS_CERTIFICATE_EXPIRED(true, "the server's certificate has expired or is not valid yet", true),
    /** The server's certificate does not name the host the client asked for (RFC 6125; TL1). */
    TLS_WRONG_HOST(true, "the server's certificate is for another host name", true),
    /** The server refused the handshake: no protocol or cipher in common, or it asked for a client certificate (TL1). */
    TLS_REFUSED(true, "the server refused the TLS handshake", true),
    /** The request was sent but no response came in time: the server may have processed it. */
    READ_TIMEOUT(false, "the response timed out after the request was sent"),
    /** The connection broke after the request was sent: the server may have processed it. */
    RESET_AFTER_SEND(false, "the connection was reset after the request was sent"),
    /** The answer was not valid HTTP: the server may have processed the request. */
    MALFORMED_RESPONSE(false, "the response was not valid HTTP");

    private final boolean certainlyNeverLeft;
    private final String description;
    private final boolean permanent;

    FailureKind(boolean certainlyNeverLeft, String description) {
        this(certainlyNeverLeft, description, false);
    }

    FailureKind(boolean certainlyNeverLeft, String description, boolean permanent) {
        this.certainlyNeverLeft = certainlyNeverLeft;
        this.description = description;
        this.permanent = permanent;
    }

    /**
     * True when sending again cannot help: the same certificate or the same refusal comes back every time, so the
     * failure is not a network hiccup and is never retried (TL1).
     */
    public boolean permanent() {
        return permanent;
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
