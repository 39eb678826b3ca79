package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The outage circuit on its own (L9, RB1): when it opens, what it says while open, and that one caller probes per
 * interval even when two arrive at the same instant.
 */
class BackendCircuitEdgesTest {

    private static final Duration RETRY = Duration.ofSeconds(1);

    private final FakeClock clock = FakeClock.atNewYear();

    @Test
    @DisplayName("RB1 L9: closed until the threshold's failure, which alone says it opened; an answer closes it")
    void opensOnTheThresholdAndClosesOnAnAnswer() {
        BackendCircuit circuit = new BackendCircuit(clock, RETRY, 2);

        assertThat(circuit.isOpen()).isFalse();
        assertThat(circuit.nextAttemptMillis()).isEqualTo(clock.millis());
        assertThat(circuit.recordFailure()).isFalse();
        assertThat(circuit.isOpen()).isFalse();
        assertThat(circuit.recordFailure()).isTrue();
        assertThat(circuit.isOpen()).isTrue();
        assertThat(circuit.nextAttemptMillis()).isEqualTo(clock.millis() + 1_000);
        assertThat(circuit.recordFailure()).isFalse(); // already open: no second outage

        assertThat(circuit.recordSuccess()).isTrue();
        assertThat(circuit.isOpen()).isFalse();
        assertThat(circuit.recordSuccess()).isFalse();
    }

    @Test
    @DisplayName(
            "L9: a probe moves the next attempt one interval on, so a second caller at that instant does not probe")
    void aProbeMovesTheNextAttemptOneIntervalOn() {
        BackendCircuit circuit = new BackendCircuit(clock, RETRY);
        circuit.recordFailure();
        clock.advance(RETRY);

        assertThat(circuit.tryPass()).isTrue();
        assertThat(circuit.tryPass()).isFalse();
        assertThat(circuit.nextAttemptMillis()).isEqualTo(clock.millis() + 1_000);
    }

    @Test
    @DisplayName(
            "L9: two callers that both see the interval over: the first to move the deadline probes, the other not")
    void ofTwoCallersAtOnceOnlyOneProbes() {
        BackendCircuit circuit = new BackendCircuit(clock, RETRY);
        circuit.recordFailure();
        clock.advance(RETRY);
        List<Boolean> passes = new ArrayList<>();
        // The second caller arrives while the first has read the deadline and is reading the clock.
        clock.onNextRead(() -> passes.add(circuit.tryPass()));

        passes.add(circuit.tryPass());

        assertThat(passes).containsExactly(true, false);
    }
}
