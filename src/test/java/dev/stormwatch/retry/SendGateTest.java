package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The one decision both executors ask before an attempt (P2, RH11, RH12, RH13), on a fake clock. */
class SendGateTest {

    private static final Origin API = Origin.of("https://api.example.com");
    private static final PaceScope.PaceKey MODEL_KEY =
            PaceScope.MODEL.keyFor(PaceScope.PaceTarget.of("POST", "/v1/chat", Optional.of("gpt-4o")));

    private final FakeClock clock = FakeClock.at("2026-12-01T12:00:00Z");
    private final OriginPauses pauses = new OriginPauses(clock);

    private static OriginPauses.Refusal pace(Duration left) {
        return new OriginPauses.Refusal(429, left, Optional.of(PaceScope.PaceKey.ORIGIN));
    }

    @Test
    @DisplayName(
            "RH13: a pace is waited out when it ends within the budget: on the budget's last instant, not a nanosecond after")
    void paceIsWaitedOutWithinTheBudget() {
        Duration budget = Duration.ofSeconds(20);
        assertThat(SendGate.decide(Operation.READ, Optional.of(pace(budget)), budget, 0.5))
                .isEqualTo(new SendGate.Wait(budget, SendGate.Reason.PACE, Optional.of(PaceScope.PaceKey.ORIGIN)));
        assertThat(SendGate.decide(Operation.READ, Optional.of(pace(budget.plusNanos(1))), budget, 0.5))
                .isEqualTo(new SendGate.Refuse(pace(budget.plusNanos(1))));
    }

    @Test
    @DisplayName("RH13: the wait gets RA3's jitter, up to a tenth and at most 1 s, never past the budget")
    void paceWaitHasJitter() {
        Duration twenty = Duration.ofSeconds(20);
        assertThat(SendGate.decide(Operation.READ, Optional.of(pace(Duration.ofSeconds(4))), twenty, 0.5))
                .extracting(v -> ((SendGate.Wait) v).delay())
                .isEqualTo(Duration.ofMillis(4_200));
        assertThat(SendGate.decide(Operation.READ, Optional.of(pace(Duration.ofSeconds(15))), twenty, 0.999))
                .extracting(v -> ((SendGate.Wait) v).delay())
                .isEqualTo(Duration.ofMillis(15_999));
        assertThat(SendGate.decide(Operation.READ, Optional.of(pace(Duration.ofMillis(19_800))), twenty, 0.999))
                .extracting(v -> ((SendGate.Wait) v).delay())
                .isEqualTo(Duration.ofMillis(19_800).plusNanos(199_800_000));
    }

    @Test
    @DisplayName("RH13, P2: a pause that an error started refuses at once, whatever the budget")
    void pauseRefuses() {
        OriginPauses.Refusal pause = new OriginPauses.Refusal(503, Duration.ofSeconds(1));
        assertThat(SendGate.decide(Operation.READ, Optional.of(pause), Duration.ofSeconds(20), 0.5))
                .isEqualTo(new SendGate.Refuse(pause));
    }

    @Test
    @DisplayName("RH13, P3, P7: the code exchange and the application's own requests are never held")
    void exemptStepsGo() {
        assertThat(SendGate.decide(
                        Operation.CODE_EXCHANGE, Optional.of(pace(Duration.ofSeconds(1))), Duration.ofSeconds(20), 0.5))
                .isEqualTo(SendGate.SEND);
        assertThat(SendGate.decide(
                        Operation.SEND_ONCE, Optional.of(pace(Duration.ofSeconds(1))), Duration.ofSeconds(20), 0.5))
                .isEqualTo(SendGate.SEND);
    }

    @Test
    @DisplayName("RH12, RH13: the gate holds a request by the pace that covers it; another model goes out")
    void gateReadsScopedPaces() {
        pauses.pace(API, MODEL_KEY, clock.instant().plusSeconds(3));
        SendGate gate = new SendGate(pauses, Optional.empty(), clock);
        CallBudget budget = CallBudget.start(RetryPolicy.DEFAULT, clock);

        assertThat(gate.beforeSend(
                        Operation.READ,
                        API,
                        PaceScope.PaceTarget.of("POST", "/v1/chat", Optional.of("gpt-4o-mini")),
                        budget,
                        () -> 0.0))
                .isEqualTo(SendGate.SEND);
        assertThat(gate.beforeSend(
                        Operation.READ,
                        API,
                        PaceScope.PaceTarget.of("POST", "/v1/chat", Optional.of("gpt-4o")),
                        budget,
                        () -> 0.0))
                .isEqualTo(new SendGate.Wait(Duration.ofSeconds(3), SendGate.Reason.PACE, Optional.of(MODEL_KEY)));
    }

    @Test
    @DisplayName(
            "RH11: the adaptive rate is asked only once the pauses let the attempt go, so a held attempt spends no token")
    void adaptiveTokenOnlyWhenFree() {
        AdaptiveSendRate rate = new AdaptiveSendRate(clock);
        rate.onResponse(true, clock.instant()); // a throttle: pacing on, the bucket empty
        pauses.pace(API, clock.instant().plusSeconds(3));
        SendGate gate = new SendGate(pauses, Optional.of(rate), clock);
        CallBudget budget = CallBudget.start(RetryPolicy.DEFAULT, clock);

        SendGate.Verdict held = gate.beforeSend(Operation.READ, API, PaceScope.PaceTarget.UNKNOWN, budget, () -> 0.0);
        assertThat(held)
                .isInstanceOf(SendGate.Wait.class)
                .extracting(v -> ((SendGate.Wait) v).reason())
                .isEqualTo(SendGate.Reason.PACE);
        clock.advance(Duration.ofSeconds(3));
        SendGate.Verdict free = gate.beforeSend(Operation.READ, API, PaceScope.PaceTarget.UNKNOWN, budget, () -> 0.0);
        assertThat(free)
                .as("0.5 tokens/s for 3 s: one token earned while held, spent now")
                .isEqualTo(SendGate.SEND);
        assertThat(gate.beforeSend(Operation.READ, API, PaceScope.PaceTarget.UNKNOWN, budget, () -> 0.0))
                .extracting(v -> ((SendGate.Wait) v).reason())
                .isEqualTo(SendGate.Reason.SEND_RATE);
    }
}
