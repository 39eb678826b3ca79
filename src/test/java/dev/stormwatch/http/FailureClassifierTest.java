package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.FailureKind;
import java.io.EOFException;
import java.io.IOException;
import java.net.ConnectException;
import java.net.NoRouteToHostException;
import java.net.ProtocolException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.UnknownHostException;
import java.util.stream.Stream;
import javax.net.ssl.SSLHandshakeException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The mapping from OkHttp's exceptions to failure kinds, including the connect timeout no loopback test can cause. */
class FailureClassifierTest {

    // F1, ST2
    @DisplayName("F1: what the exception and the send progress say about whether the request left")
    @ParameterizedTest(name = "{0}, request started {1} -> {3}")
    @MethodSource
    void classify(IOException failure, boolean requestStarted, boolean tlsUnfinished, FailureKind expected) {
        assertThat(FailureClassifier.classify(failure, requestStarted, tlsUnfinished))
                .isEqualTo(expected);
    }

    static Stream<Arguments> classify() {
        return Stream.of(
                Arguments.of(new UnknownHostException("idp.example"), false, false, FailureKind.DNS_FAILURE),
                Arguments.of(new ConnectException("Connection refused"), false, false, FailureKind.CONNECT_REFUSED),
                Arguments.of(new NoRouteToHostException("No route"), false, false, FailureKind.CONNECT_REFUSED),
                Arguments.of(
                        new SocketTimeoutException("Connect timed out"), false, false, FailureKind.CONNECT_TIMEOUT),
                Arguments.of(
                        new SSLHandshakeException("PKIX path building failed"), false, true, FailureKind.TLS_HANDSHAKE),
                Arguments.of(new SocketTimeoutException("Read timed out"), false, true, FailureKind.TLS_HANDSHAKE),
                Arguments.of(new SocketTimeoutException("timeout"), true, false, FailureKind.READ_TIMEOUT),
                Arguments.of(new SocketException("Connection reset"), true, false, FailureKind.RESET_AFTER_SEND),
                Arguments.of(
                        new IOException("unexpected end of stream", new EOFException()),
                        true,
                        false,
                        FailureKind.RESET_AFTER_SEND),
                Arguments.of(
                        new ProtocolException("Unexpected status line"), true, false, FailureKind.MALFORMED_RESPONSE),
                // A failure while the request was being written may still have let bytes out: never "nothing sent".
                Arguments.of(new ConnectException("odd"), true, false, FailureKind.RESET_AFTER_SEND));
    }
}
