package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class CallFailureTest {

    private static final Origin ORIGIN = Origin.of("https://api.example.com");

    @Test
    @DisplayName("E2: a provider's answer names origin, status, attempts, time spent and the Retry-After")
    void aServerFailureSaysWhatTheProviderAnswered() {
        CallFailure.Recoverable one = new CallFailure.Recoverable(
                ORIGIN, new CallFailure.Server(503, Optional.of(Duration.ofSeconds(7)), 1, Duration.ofMillis(1500)));
        CallFailure.Recoverable three = new CallFailure.Recoverable(
                ORIGIN, new CallFailure.Server(429, Optional.empty(), 3, Duration.ofSeconds(2)));

        assertThat(one)
                .hasMessage("https://api.example.com:443 answered 503 after 1 attempt in 1.5 s."
                        + " Try again in 7 s (the provider's Retry-After).");
        assertThat(three)
                .hasMessage("https://api.example.com:443 answered 429 after 3 attempts in 2 s." + " Try again later.");
        assertThat(one.retryAfter()).contains(Duration.ofSeconds(7));
        assertThat(one.elapsed()).isEqualTo(Duration.ofMillis(1500));
        assertThat(one.origin()).isEqualTo(ORIGIN);
        assertThat(one.refusedByPause()).isFalse();
    }

    @Test
    @DisplayName("P2: a call a pause refused says nothing was sent, and asks for a countdown")
    void aCallRefusedByAPauseSaysNothingWasSent() {
        CallFailure.Recoverable paused = new CallFailure.Recoverable(
                ORIGIN, new CallFailure.Server(429, Optional.of(Duration.ofSeconds(30)), 0, Duration.ZERO));

        assertThat(paused)
                .hasMessage("Requests to https://api.example.com:443 are paused because it answered 429"
                        + " and asked to wait; nothing was sent. Try again in 30 s (the provider's Retry-After).");
        assertThat(paused.refusedByPause()).isTrue();
        assertThat(paused.attempts()).isZero();
    }

    @Test
    @DisplayName("E1: a network failure names its kind and attempts, and never a Retry-After")
    void aNetworkFailureNamesItsKind() {
        CallFailure.Recoverable one = new CallFailure.Recoverable(
                ORIGIN, new CallFailure.Network(FailureKind.CONNECT_REFUSED, 1, Duration.ofMillis(20)));
        CallFailure.Recoverable two = new CallFailure.Recoverable(
                ORIGIN, new CallFailure.Network(FailureKind.READ_TIMEOUT, 2, Duration.ofSeconds(4)));

        assertThat(one)
                .hasMessage("No answer from https://api.example.com:443: the connection was refused after"
                        + " 1 attempt in 0.02 s. Check the network and try again.");
        assertThat(two.getMessage()).contains("after 2 attempts in 4 s.");
        assertThat(two.retryAfter()).isEmpty();
    }

    @Test
    @DisplayName("TL1: a certificate failure says it is not retried, why, and what to do about it")
    void aCertificateFailureSaysWhatToDo() {
        CallFailure.Recoverable untrusted = new CallFailure.Recoverable(
                ORIGIN,
                new CallFailure.Network(
                        FailureKind.TLS_UNTRUSTED, 1, Duration.ZERO, Optional.of("PKIX path building failed")));
        CallFailure.Recoverable expired = new CallFailure.Recoverable(
                ORIGIN, new CallFailure.Network(FailureKind.TLS_CERTIFICATE_EXPIRED, 1, Duration.ZERO));
        CallFailure.Recoverable wrongHost = new CallFailure.Recoverable(
                ORIGIN, new CallFailure.Network(FailureKind.TLS_WRONG_HOST, 1, Duration.ZERO));
        CallFailure.Recoverable refused =
                new CallFailure.Recoverable(ORIGIN, new CallFailure.Network(FailureKind.TLS_REFUSED, 1, Duration.ZERO));

        assertThat(untrusted)
                .hasMessageStartingWith("https://api.example.com:443 was not contacted: the server's"
                        + " certificate is not trusted (PKIX path building failed). Not retried: it fails the same way every"
                        + " time. If you trust this server, trust its certificate");
        assertThat(expired)
                .hasMessageEndingWith("Not retried: it fails the same way every time. The server must"
                        + " renew its certificate; also check this machine's clock.");
        assertThat(expired.getMessage()).doesNotContain("(");
        assertThat(wrongHost)
                .hasMessageContaining("the server's certificate is for another host name.")
                .hasMessageEndingWith("or have the server present a certificate for this one.");
        assertThat(refused).hasMessageEndingWith("whether the server asks for a client certificate.");
    }
}
