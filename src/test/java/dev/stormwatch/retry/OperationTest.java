package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class OperationTest {

    // RC2
    @DisplayName("RC2: idempotent methods, and POST/PATCH with an Idempotency-Key, are retried as reads")
    @ParameterizedTest(name = "{0}, Idempotency-Key {1} -> {2}")
    @CsvSource({
        "GET, false, READ",
        "head, false, READ",
        "OPTIONS, false, READ",
        "PUT, false, READ",
        "DELETE, false, READ",
        "POST, true, READ",
        "PATCH, true, READ",
        "POST, false, SEND_ONCE",
        "PATCH, false, SEND_ONCE",
        "CONNECT, true, SEND_ONCE"
    })
    void apiRequestOperation(String method, boolean idempotencyKey, Operation expected) {
        assertThat(Operation.forApiRequest(method, idempotencyKey)).isEqualTo(expected);
    }

    // P2, P3, P7
    @Test
    @DisplayName(
            "P3, P7: the code exchange and the application's own requests are not refused by a pause; the rest are (P2)")
    void whoChecksThePause() {
        assertThat(Operation.CODE_EXCHANGE.checksPause()).isFalse();
        assertThat(Operation.SEND_ONCE.checksPause()).isFalse();
        for (Operation operation :
                new Operation[] {Operation.READ, Operation.PAR, Operation.REFRESH, Operation.REVOCATION}) {
            assertThat(operation.checksPause()).as(operation.name()).isTrue();
        }
    }
}
