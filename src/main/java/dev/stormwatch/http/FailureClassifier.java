package dev.stormwatch.http;

import dev.stormwatch.retry.FailureKind;
import java.io.IOException;
import java.net.ProtocolException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.security.cert.CertPathBuilderException;
import java.security.cert.CertPathValidatorException;
import java.security.cert.CertificateException;
import java.security.cert.CertificateExpiredException;
import java.security.cert.CertificateNotYetValidException;
import java.util.Optional;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;

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
        // TL1: a certificate or a refusal comes back the same every time; tell it from a handshake cut off.
        Optional<FailureKind> permanent = permanentTlsFailure(failure);
        if (permanent.isPresent()) {
            return permanent.get();
        }
        if (failure instanceof SSLException || tlsHandshakeUnfinished) {
            return FailureKind.TLS_HANDSHAKE;
        }
        if (failure instanceof SocketTimeoutException) {
            return FailureKind.CONNECT_TIMEOUT;
        }
        // A refused connection, and any other failure before the request was written (a route error, a proxy
        // refusal), is a failed connection.
        return FailureKind.CONNECT_REFUSED;
    }

    /**
     * The TLS failures that retrying cannot mend (TL1), read from the exception and its causes: OkHttp's host name
     * check, the JDK's certificate validity and path checks, and a fatal alert from the server.
     */
    static Optional<FailureKind> permanentTlsFailure(IOException failure) {
        // OkHttp checks the host name after a completed handshake (RFC 6125): "Hostname x not verified".
        if (failure instanceof SSLPeerUnverifiedException
                && String.valueOf(failure.getMessage()).contains("Hostname")) {
            return Optional.of(FailureKind.TLS_WRONG_HOST);
        }
        if (!(failure instanceof SSLException)) {
            return Optional.empty();
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof CertificateExpiredException || cause instanceof CertificateNotYetValidException) {
                return Optional.of(FailureKind.TLS_CERTIFICATE_EXPIRED);
            }
        }
        for (Throwable cause = failure; cause != null; cause = cause.getCause()) {
            if (cause instanceof CertPathValidatorException
                    || cause instanceof CertPathBuilderException
                    || cause instanceof CertificateException) {
                return Optional.of(FailureKind.TLS_UNTRUSTED);
            }
        }
        // A fatal alert is the server's decision (no common protocol or cipher, a client certificate required).
        String message = String.valueOf(failure.getMessage());
        if (failure instanceof SSLHandshakeException
                && (message.contains("fatal alert")
                        || message.contains("No appropriate protocol")
                        || message.contains("no cipher suites in common"))) {
            return Optional.of(FailureKind.TLS_REFUSED);
        }
        return Optional.empty();
    }
}
