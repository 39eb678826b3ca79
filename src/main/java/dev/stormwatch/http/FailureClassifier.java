package dev.stormwatch.http;

import dev.stormwatch.retry.FailureKind;
import java.io.IOException;
import java.net.ConnectException;
import java.net.ProtocolException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import javax.net.ssl.SSLException;

/**
 * Maps an OkHttp {@link IOException} to a {@link FailureKind}, telling "certainly never left" from "sent, outcome
 * unknown" (spec ST2, F1). When in doubt it says "sent": a wrong "never left" could resend a refresh twice.
 */
final class FailureClassifier {

    private FailureClassifier() {}

    static FailureKind classify(IOException failure, boolean requestStarted, boolean tlsHandshakeUnfinished) {
        // Name resolution happens before any connection: nothing was sent.
        if (failure instanceof UnknownHostException) {
            return FailureKind.DNS_FAILURE;
        }
        // F1: once the request was being written, the server may have processed it, whatever broke after.
        if (requestStarted) {
            if (failure instanceof SocketTimeoutException) {
                return FailureKind.READ_TIMEOUT;
            }
            if (failure instanceof ProtocolException) {
                return FailureKind.MALFORMED_RESPONSE;
            }
            return FailureKind.RESET_AFTER_SEND;
        }
        // Below: OkHttp never started writing the request, so no byte of it left.
        if (failure instanceof SSLException || tlsHandshakeUnfinished) {
            return FailureKind.TLS_HANDSHAKE;
        }
        if (failure instanceof SocketTimeoutException) {
            return FailureKind.CONNECT_TIMEOUT;
        }
        if (failure instanceof ConnectException) {
            return FailureKind.CONNECT_REFUSED;
        }
        // Any other failure before the request was written (a route error, a proxy refusal) is a failed connection.
        return FailureKind.CONNECT_REFUSED;
    }
}
