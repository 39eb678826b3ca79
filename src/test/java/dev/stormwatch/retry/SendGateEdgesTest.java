package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The gate's edges: the random number's range, and how a wait describes itself on the timeline. */
class SendGateEdgesTest {

    private static final OriginPauses.Refusal PACE =
            new OriginPauses.Refusal(429, Duration.ofSeconds(4), Optional.of(PaceScope.PaceKey.ORIGIN));

    @Test
    @DisplayName("RH13: the jitter's random number may be 0, which adds nothing, and must be below 1")
    void theRandomNumberIsInZeroToOne() {
        assertThat(SendGate.decide(Operation.READ, Optional.of(PACE), Duration.ofSeconds(20), 0.0))
                .isEqualTo(new SendGate.Wait(Duration.ofSeconds(4), SendGate.Reason.PACE, PACE.pace()));
        for (double outside : new double[] {1.0, -0.001, Double.NaN}) {
            assertThatThrownBy(
                            () -> SendGate.decide(Operation.READ, Optional.of(PACE), Duration.ofSeconds(20), outside))
                    .as("random %s", outside)
                    .isInstanceOf(IllegalArgumentException.class)
                    .hasMessageContaining("random must be in [0, 1)");
        }
    }

    @Test
    @DisplayName("RH11, RH13: a wait names on the timeline what holds it: the pace's part of the origin, or the rate")
    void aWaitSaysWhatHoldsIt() {
        PaceScope.PaceKey model =
                PaceScope.MODEL.keyFor(PaceScope.PaceTarget.of("POST", "/v1/chat", Optional.of("gpt-4o")));

        assertThat(new SendGate.Wait(Duration.ofSeconds(1), SendGate.Reason.PACE, Optional.of(model)).describe())
                .isEqualTo("pace of model gpt-4o (RH13)");
        assertThat(new SendGate.Wait(Duration.ofSeconds(1), SendGate.Reason.PACE, Optional.empty()).describe())
                .isEqualTo("pace of the origin (RH13)");
        assertThat(new SendGate.Wait(Duration.ofSeconds(1), SendGate.Reason.SEND_RATE, Optional.empty()).describe())
                .isEqualTo("adaptive send rate (RH11)");
    }
}
