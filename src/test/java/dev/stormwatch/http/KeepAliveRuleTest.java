package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.Operation;
import java.io.EOFException;
import java.io.IOException;
import java.io.InterruptedIOException;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class KeepAliveRuleTest {

    @ParameterizedTest(name = "CN1: {0} as {1} may use a pooled connection: {2}")
    @CsvSource({
        "GET, READ, true",
        "HEAD, READ, true",
        "OPTIONS, READ, true",
        "PUT, READ, true",
        "DELETE, READ, true",
        "get, READ, true",
        "POST, PAR, false",
        "POST, REVOCATION, false",
        "POST, CODE_EXCHANGE, false",
        "POST, REFRESH, false",
        "POST, SEND_ONCE, false",
        "PATCH, SEND_ONCE, false",
        "POST, READ, false",
        // P3, F1: a step sent once never goes onto a pooled connection, whatever its method.
        "GET, CODE_EXCHANGE, false",
        "GET, REFRESH, false",
    })
    void onlyResendableRequestsUsePooledConnections(String method, Operation operation, boolean pooled) {
        assertThat(KeepAliveRule.mayUsePooledConnection(method, operation)).isEqualTo(pooled);
    }

    @Test
    @DisplayName("CN2: a reset or an empty answer on a reused connection, before any answer, met a stale connection")
    void resetOnReusedConnectionBeforeAnswerIsStale() {
        assertThat(KeepAliveRule.metStaleConnection(new SocketException("Connection reset"), true, true, false))
                .isTrue();
        assertThat(KeepAliveRule.metStaleConnection(new EOFException("\\n not found"), true, true, false))
                .isTrue();
        assertThat(KeepAliveRule.metStaleConnection(new IOException("unexpected end of stream"), true, true, false))
                .isTrue();
    }

    @Test
    @DisplayName("CN2: a new connection, an answer that began, or nothing written is not a stale connection")
    void otherFailuresAreNotStale() {
        IOException reset = new SocketException("Connection reset");
        assertThat(KeepAliveRule.metStaleConnection(reset, false, true, false))
                .as("new connection")
                .isFalse();
        assertThat(KeepAliveRule.metStaleConnection(reset, true, true, true))
                .as("answer began")
                .isFalse();
        assertThat(KeepAliveRule.metStaleConnection(reset, true, false, false))
                .as("nothing written")
                .isFalse();
    }

    @Test
    @DisplayName("CN2: a timeout or a cancellation on a reused connection says the server is slow, not gone")
    void timeoutsAreNotStale() {
        assertThat(KeepAliveRule.metStaleConnection(new SocketTimeoutException("timeout"), true, true, false))
                .isFalse();
        assertThat(KeepAliveRule.metStaleConnection(new InterruptedIOException("interrupted"), true, true, false))
                .isFalse();
    }
}
