package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.FailureKind;
import java.io.IOException;
import java.util.stream.Stream;
import javax.net.ssl.SSLException;
import javax.net.ssl.SSLHandshakeException;
import javax.net.ssl.SSLPeerUnverifiedException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/** The server's refusals of a handshake, told apart from a handshake cut off (TL1). */
class FailureClassifierEdgesTest {

    @DisplayName("TL1: a handshake the server refused with a fatal alert, or with nothing in common, is TLS_REFUSED")
    @ParameterizedTest(name = "{0}")
    @MethodSource
    void serverRefusalsArePermanent(IOException failure) {
        assertThat(FailureClassifier.permanentTlsFailure(failure)).contains(FailureKind.TLS_REFUSED);
        assertThat(FailureClassifier.classify(failure, false, true)).isEqualTo(FailureKind.TLS_REFUSED);
    }

    static Stream<IOException> serverRefusalsArePermanent() {
        return Stream.of(
                new SSLHandshakeException("Received fatal alert: handshake_failure"),
                new SSLHandshakeException(
                        "No appropriate protocol (protocol is disabled or cipher suites are" + " inappropriate)"),
                new SSLHandshakeException("no cipher suites in common"));
    }

    @DisplayName("TL1: a handshake cut off, or an alert outside the handshake, stays TLS_HANDSHAKE and may be retried")
    @ParameterizedTest(name = "{0}")
    @MethodSource
    void cutOffHandshakesAreNotPermanent(IOException failure) {
        assertThat(FailureClassifier.permanentTlsFailure(failure)).isEmpty();
        assertThat(FailureClassifier.classify(failure, false, true)).isEqualTo(FailureKind.TLS_HANDSHAKE);
    }

    static Stream<Arguments> cutOffHandshakesAreNotPermanent() {
        return Stream.of(
                Arguments.of(new SSLHandshakeException("Remote host terminated the handshake")),
                Arguments.of(new SSLException("Received fatal alert: handshake_failure")),
                Arguments.of(new SSLPeerUnverifiedException("peer not authenticated")));
    }

    @DisplayName("TL1: OkHttp's host name check is TLS_WRONG_HOST, before anything else the exception says")
    @ParameterizedTest(name = "{0}")
    @MethodSource
    void theHostNameCheckIsWrongHost(IOException failure) {
        assertThat(FailureClassifier.classify(failure, false, false)).isEqualTo(FailureKind.TLS_WRONG_HOST);
    }

    static Stream<IOException> theHostNameCheckIsWrongHost() {
        return Stream.of(new SSLPeerUnverifiedException(
                "Hostname idp.example not verified:\n" + "    certificate: sha256/AAAA\n    DN: CN=other.example"));
    }
}
