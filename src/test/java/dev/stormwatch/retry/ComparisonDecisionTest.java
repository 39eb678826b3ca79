package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.Outcome.HttpResponse;
import dev.stormwatch.retry.Outcome.NetworkFailure;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The retry decision with a comparison strategy: only the sleep without Retry-After changes; Retry-After,
 * the attempt limits and the budget hold for every strategy.
 */
class ComparisonDecisionTest {

    private static final Origin RELAY = Origin.of("http://127.0.0.1:8080/v1/models");
    private static final Instant NOW = Instant.parse("2026-11-30T06:00:00Z");
    private static final double HALF = 0.5;

    private static Decision decide(
            Outcome outcome, BudgetCounters counters, ComparisonBackoff strategy, Duration previous) {
        return RetryDecision.decide(
                outcome, Operation.READ, RELAY, counters, RetryPolicy.DEFAULT, NOW, HALF, strategy, previous);
    }

    // B3, B4
    @Test
    @DisplayName("B3, B4: without a strategy the decision is full jitter, the same as asking for full")
    void theDefaultIsFullJitter() {
        for (int failed = 0; failed < 2; failed++) {
            BudgetCounters counters = new BudgetCounters(failed, failed, failed, Duration.ZERO);
            Decision byDefault = RetryDecision.decide(
                    HttpResponse.of(503), Operation.READ, RELAY, counters, RetryPolicy.DEFAULT, NOW, HALF);

            assertThat(byDefault)
                    .isEqualTo(decide(HttpResponse.of(503), counters, ComparisonBackoff.FULL, Duration.ZERO));
        }
        assertThat(RetryDecision.decide(
                        HttpResponse.of(503),
                        Operation.READ,
                        RELAY,
                        BudgetCounters.FRESH,
                        RetryPolicy.DEFAULT,
                        NOW,
                        HALF))
                .isEqualTo(new Decision.Retry(Duration.ofMillis(250), Duration.ofMillis(250)));
    }

    @Test
    @DisplayName("none: a 503 without Retry-After and a reset connection are retried at once, with no jitter")
    void noneRetriesAtOnce() {
        Decision afterStatus =
                decide(HttpResponse.of(503), BudgetCounters.FRESH, ComparisonBackoff.NONE, Duration.ZERO);
        Decision afterReset = decide(
                new NetworkFailure(FailureKind.RESET_AFTER_SEND),
                BudgetCounters.FRESH,
                ComparisonBackoff.NONE,
                Duration.ZERO);

        assertThat(afterStatus).isEqualTo(new Decision.Retry(Duration.ZERO, Duration.ZERO));
        assertThat(afterReset).isEqualTo(new Decision.Retry(Duration.ZERO, Duration.ZERO));
    }

    @Test
    @DisplayName(
            "the event's jitter is the random share: none for exponential, the upper half for equal, all of it for decorrelated")
    void jitterShareOfEachStrategy() {
        BudgetCounters second = new BudgetCounters(1, 1, 1, Duration.ZERO); // retry 2: ceiling 1 s
        assertThat(decide(HttpResponse.of(503), second, ComparisonBackoff.EXPONENTIAL, Duration.ZERO))
                .isEqualTo(new Decision.Retry(Duration.ofSeconds(1), Duration.ZERO));
        assertThat(decide(HttpResponse.of(503), second, ComparisonBackoff.EQUAL, Duration.ZERO))
                .isEqualTo(new Decision.Retry(Duration.ofMillis(750), Duration.ofMillis(250)));
        assertThat(decide(HttpResponse.of(503), second, ComparisonBackoff.DECORRELATED, Duration.ofSeconds(2)))
                .isEqualTo(new Decision.Retry(Duration.ofMillis(3250), Duration.ofMillis(3250)));
    }

    // RA3
    @DisplayName("RA3: a Retry-After is waited in full, plus its jitter, whatever the strategy")
    @ParameterizedTest
    @EnumSource(ComparisonBackoff.class)
    void retryAfterHoldsForEveryStrategy(ComparisonBackoff strategy) {
        Decision decision =
                decide(HttpResponse.withRetryAfter(429, "2"), BudgetCounters.FRESH, strategy, Duration.ZERO);

        // 2 s plus half of the largest jitter (a tenth of 2 s): 2.1 s, as with full jitter.
        assertThat(decision).isEqualTo(new Decision.Retry(Duration.ofMillis(2100), Duration.ofMillis(100)));
    }

    // RA4, P1
    @DisplayName("RA4, P1: a Retry-After that does not fit the budget stops and pauses, whatever the strategy")
    @ParameterizedTest
    @EnumSource(ComparisonBackoff.class)
    void retryAfterPastTheBudgetStopsForEveryStrategy(ComparisonBackoff strategy) {
        Decision decision =
                decide(HttpResponse.withRetryAfter(503, "120"), BudgetCounters.FRESH, strategy, Duration.ZERO);

        assertThat(decision).isInstanceOf(Decision.Stop.class);
        assertThat(((Decision.Stop) decision).pauseUntil()).contains(NOW.plusSeconds(120));
    }

    // B1
    @DisplayName("B1: at the attempt limit the step stops, also when the strategy would retry at once")
    @ParameterizedTest
    @EnumSource(ComparisonBackoff.class)
    void attemptLimitsHoldForEveryStrategy(ComparisonBackoff strategy) {
        BudgetCounters last = new BudgetCounters(2, 2, 2, Duration.ZERO); // the third of 3 per origin

        Decision decision = decide(HttpResponse.of(503), last, strategy, Duration.ZERO);

        assertThat(decision).isInstanceOf(Decision.Stop.class);
        assertThat(((Decision.Stop) decision).failure().reason())
                .isEqualTo(new CallFailure.Server(503, Optional.empty(), 3, Duration.ZERO));
    }

    // B3, B1
    @Test
    @DisplayName(
            "B3: a sleep past the budget is not started, for exponential as for full; none stops once the budget is spent")
    void budgetHoldsForEveryStrategy() {
        // Exponential sleeps the whole 500 ms ceiling: it fits with 500 ms left, not with 499 ms.
        BudgetCounters fits = new BudgetCounters(0, 0, 0, Duration.ofMillis(19_500));
        BudgetCounters tooLate = new BudgetCounters(0, 0, 0, Duration.ofMillis(19_501));
        assertThat(decide(HttpResponse.of(503), fits, ComparisonBackoff.EXPONENTIAL, Duration.ZERO))
                .isInstanceOf(Decision.Retry.class);
        assertThat(decide(HttpResponse.of(503), tooLate, ComparisonBackoff.EXPONENTIAL, Duration.ZERO))
                .isInstanceOf(Decision.Stop.class);
        // A zero sleep still fits on the budget's last instant, but not once it is overspent.
        BudgetCounters spent = new BudgetCounters(0, 0, 0, Duration.ofSeconds(20));
        BudgetCounters overspent = new BudgetCounters(0, 0, 0, Duration.ofMillis(20_001));
        assertThat(decide(HttpResponse.of(503), spent, ComparisonBackoff.NONE, Duration.ZERO))
                .isInstanceOf(Decision.Retry.class);
        assertThat(decide(
                        new NetworkFailure(FailureKind.RESET_AFTER_SEND),
                        overspent,
                        ComparisonBackoff.NONE,
                        Duration.ZERO))
                .isInstanceOf(Decision.Stop.class);
    }
}
