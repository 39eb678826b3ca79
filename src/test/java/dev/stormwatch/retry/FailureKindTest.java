package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The kinds of network failure: which never left (F1), which are permanent (TL1), and their words. */
class FailureKindTest {

    @Test
    @DisplayName("TL1: only the certificate and handshake refusals are permanent; a network hiccup never is")
    void onlyTlsRefusalsArePermanent() {
        assertThat(Arrays.stream(FailureKind.values()).filter(FailureKind::permanent))
                .containsExactlyInAnyOrder(
                        FailureKind.TLS_UNTRUSTED,
                        FailureKind.TLS_CERTIFICATE_EXPIRED,
                        FailureKind.TLS_WRONG_HOST,
                        FailureKind.TLS_REFUSED);
    }

    @Test
    @DisplayName("F1, ST2: a failure before the request left is told from one after it, and each says what happened")
    void whetherTheRequestLeftAndWhatHappened() {
        assertThat(Arrays.stream(FailureKind.values()).filter(kind -> !kind.certainlyNeverLeft()))
                .containsExactlyInAnyOrder(
                        FailureKind.READ_TIMEOUT, FailureKind.RESET_AFTER_SEND, FailureKind.MALFORMED_RESPONSE);
        assertThat(FailureKind.CONNECT_REFUSED.description()).isEqualTo("the connection was refused");
        assertThat(FailureKind.TLS_WRONG_HOST.description())
                .isEqualTo("the server's certificate is for another host name");
    }
}
