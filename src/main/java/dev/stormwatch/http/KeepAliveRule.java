package dev.stormwatch.http;

import dev.stormwatch.retry.Operation;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.util.Locale;
import java.util.Set;

/**
 * What the blocking executor does about keep-alive connections that a server closes while they sit idle in the pool
 * (spec CN1, CN2). A server closes an idle connection after its keep-alive timeout (Node's http server and Apache
 * httpd after 5 s, gunicorn after 2 s); a request written onto it in the meantime meets a reset or an empty answer,
 * and nothing tells the client whether the server read it. OkHttp checks a pooled connection before a non-GET only
 * once it has been idle for 10 s, so a person who spends 7 s on a sign-in page lost the code exchange.
 */
final class KeepAliveRule {

    /** RFC 9110 §9.2.2: the methods whose intended effect is the same however often a request is sent. */
    private static final Set<String> IDEMPOTENT_METHODS = Set.of("GET", "HEAD", "OPTIONS", "TRACE", "PUT", "DELETE");

    private KeepAliveRule() {}

    /**
     * Whether the request may be written onto a pooled connection (CN1). Only a request that may be sent again is:
     * an idempotent method, and not a step that is sent once (the code exchange, P3) or retried only when certainly
     * not processed (refresh, F1). Everything else goes onto a connection opened for it.
     */
    static boolean mayUsePooledConnection(String method, Operation operation) {
        // P3, F1: these steps are never sent twice, whatever their method; a new connection cannot have gone stale.
        if (operation == Operation.CODE_EXCHANGE || operation == Operation.REFRESH) {
            return false;
        }
        // CN1: a POST (PAR, revocation, an application's own) might be processed twice if it were resent.
        return IDEMPOTENT_METHODS.contains(method.toUpperCase(Locale.ROOT));
    }

    /**
     * Whether a failed attempt met a connection that the server had closed while idle, so that the same request
     * may be sent once more on a new connection without counting as a retry (CN2, RFC 9112 §9.3.1): the connection
     * came from the pool, the request began to be written, no byte of an answer came back, and the failure is not
     * a timeout (a slow server is not a closed connection) nor a cancellation.
     */
    static boolean metStaleConnection(
            IOException failure, boolean connectionReused, boolean requestStarted, boolean responseStarted) {
        if (!connectionReused || !requestStarted || responseStarted) {
            return false;
        }
        // A timeout or an interrupt says the server is slow or the caller gave up, not that the connection was dead.
        return !(failure instanceof InterruptedIOException);
    }
}
