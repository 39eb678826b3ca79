package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.Outcome.HttpResponse;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

/** The retry decision with the rate-limit dialects (spec RH2, RH3, RH9): their wait is a Retry-After for every rule. */
class DialectDecisionTest {

    private static final Origin API = Origin.of("https://api.example/v1");
    private static final Instant NOW = Instant.parse("2026-11-30T06:00:00Z");
    /** Random 0: no jitter, so the delay is the wait itself. */
    private static final double NO_JITTER = 0.0;

    private static HttpResponse response(int status, String... namesAndValues) {
        return new HttpResponse(status, List.of(), null, HintHeaders.of(namesAndValues));
    }

    private static Decision decide(HttpResponse response, Operation operation, BudgetCounters counters) {
        return RetryDecision.decide(response, operation, API, counters, RetryPolicy.DEFAULT, NOW, NO_JITTER);
    }

    private static Decision decide(HttpResponse response) {
        return decide(response, Operation.READ, BudgetCounters.FRESH);
    }

    @Test
    @DisplayName("RH1, RA3: a 429 with retry-after-ms 1500 is retried after exactly 1.5 s (no jitter drawn)")
    void millisecondWaitIsRetryAfter() {
        assertThat(decide(response(429, "retry-after-ms", "1500")))
                .isEqualTo(new Decision.Retry(Duration.ofMillis(1500), Duration.ZERO));
    }

    @Test
    @DisplayName("RH1, RA3: the jitter on a millisecond wait is up to a tenth of it")
    void millisecondWaitGetsRetryAfterJitter() {
        Decision decision = RetryDecision.decide(
                response(503, "x-ms-retry-after-ms", "2000"),
                Operation.READ,
                API,
                BudgetCounters.FRESH,
                RetryPolicy.DEFAULT,
                NOW,
                0.5);
        assertThat(decision).isEqualTo(new Decision.Retry(Duration.ofMillis(2100), Duration.ofMillis(100)));
    }

    @Test
    @DisplayName("RH2, RA4, P1: the longest wait (tokens used up for 6m0s) does not fit 20 s: stop, report it, pause")
    void longestWaitThatDoesNotFitStopsAndPauses() {
        HttpResponse response = new HttpResponse(
                429,
                List.of("1"),
                null,
                HintHeaders.of("x-ratelimit-remaining-tokens", "0", "x-ratelimit-reset-tokens", "6m0s"));
        Decision.Stop stop = (Decision.Stop) decide(response);
        assertThat(stop.failure().retryAfter()).contains(Duration.ofMinutes(6));
        assertThat(stop.pauseUntil()).contains(NOW.plus(Duration.ofMinutes(6)));
    }

    @Test
    @DisplayName("RH2, RA4: a millisecond wait just over what the budget has left is not shortened")
    void millisecondWaitJustOverBudget() {
        BudgetCounters counters = new BudgetCounters(0, 0, 0, Duration.ofMillis(18_500));
        assertThat(decide(response(429, "retry-after-ms", "1501"), Operation.READ, counters))
                .isInstanceOf(Decision.Stop.class);
        assertThat(decide(response(429, "retry-after-ms", "1500"), Operation.READ, counters))
                .isEqualTo(new Decision.Retry(Duration.ofMillis(1500), Duration.ZERO));
        assertThat(decide(response(429, "retry-after-ms", "1499"), Operation.READ, counters))
                .isEqualTo(new Decision.Retry(Duration.ofMillis(1499), Duration.ZERO));
    }

    @Test
    @DisplayName("RH3: x-should-retry false stops a retryable 503 after one request; its wait pauses the origin (P1)")
    void shouldRetryFalseStops() {
        HttpResponse response = new HttpResponse(503, List.of("2"), null, HintHeaders.of("x-should-retry", "false"));
        Decision.Stop stop = (Decision.Stop) decide(response);
        assertThat(stop.failure().retryAfter()).contains(Duration.ofSeconds(2));
        assertThat(stop.pauseUntil()).contains(NOW.plusSeconds(2));
    }

    @Test
    @DisplayName("RH3, P5: x-should-retry false without a wait stops without a pause")
    void shouldRetryFalseWithoutWait() {
        Decision.Stop stop = (Decision.Stop) decide(response(500, "x-should-retry", "false"));
        assertThat(stop.failure().retryAfter()).isEmpty();
        assertThat(stop.pauseUntil()).isEmpty();
    }

    @DisplayName("RH3, F1, P3, A1: x-should-retry true never makes a forbidden retry allowed")
    @ParameterizedTest(name = "{0}")
    @EnumSource(
            value = Operation.class,
            names = {"REFRESH", "CODE_EXCHANGE", "SEND_ONCE"})
    void shouldRetryTrueDoesNotWiden(Operation operation) {
        Decision decision = decide(response(503, "x-should-retry", "true"), operation, BudgetCounters.FRESH);
        assertThat(decision).isNotInstanceOf(Decision.Retry.class);
    }

    @DisplayName("RH3, ST1: x-should-retry true does not make a non-retryable status retryable")
    @ParameterizedTest(name = "status {0}")
    @ValueSource(ints = {400, 401, 409, 403})
    void shouldRetryTrueDoesNotWidenStatuses(int status) {
        assertThat(decide(response(status, "x-should-retry", "true"))).isEqualTo(Decision.DELIVER);
    }

    @Test
    @DisplayName("RH3, B1: x-should-retry true does not lift the attempt limit")
    void shouldRetryTrueDoesNotLiftAttempts() {
        BudgetCounters lastAttempt = new BudgetCounters(2, 2, 2, Duration.ZERO);
        assertThat(decide(response(503, "x-should-retry", "true"), Operation.READ, lastAttempt))
                .isInstanceOf(Decision.Stop.class);
    }

    @Test
    @DisplayName("RH9, RH12: a 200 that says no request is left until 850ms paces the request's model until then")
    void successWithNothingLeftPaces() {
        Decision decision =
                decide(response(200, "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "850ms"));
        assertThat(decision).isEqualTo(new Decision.Deliver(Optional.of(NOW.plusMillis(850)), PaceScope.MODEL));
    }

    @Test
    @DisplayName("RH9: a 200 with one request left does not pace")
    void successWithOneLeftDoesNotPace() {
        assertThat(decide(response(200, "x-ratelimit-remaining-requests", "1", "x-ratelimit-reset-requests", "850ms")))
                .isEqualTo(Decision.DELIVER);
    }

    @Test
    @DisplayName("RH9, RH8: GitHub's 403 with nothing left paces (403 itself is not retried, ST1)")
    void gitHub403Paces() {
        long reset = NOW.getEpochSecond() + 60;
        Decision decision =
                decide(response(403, "x-ratelimit-remaining", "0", "x-ratelimit-reset", Long.toString(reset)));
        assertThat(decision).isEqualTo(new Decision.Deliver(Optional.of(NOW.plusSeconds(60))));
    }

    @Test
    @DisplayName("RH9, A1: the application's own requests start no pace")
    void applicationRequestsDoNotPace() {
        assertThat(decide(
                        response(200, "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "1s"),
                        Operation.SEND_ONCE,
                        BudgetCounters.FRESH))
                .isEqualTo(Decision.DELIVER);
    }

    @Test
    @DisplayName("RH9: a reset of zero asks for no pace")
    void zeroResetDoesNotPace() {
        assertThat(decide(response(200, "x-ratelimit-remaining-requests", "0", "x-ratelimit-reset-requests", "0s")))
                .isEqualTo(Decision.DELIVER);
    }

    @Test
    @DisplayName("RH1, RA1: retry-after-ms on a 500 is ignored: ordinary backoff (B3)")
    void millisecondWaitOn500IsBackoff() {
        assertThat(decide(response(500, "retry-after-ms", "15000")))
                .isEqualTo(new Decision.Retry(Duration.ZERO, Duration.ZERO)); // full jitter with random 0
    }

    @Test
    @DisplayName("RH10: garbled hints on a 429 fall back to ordinary backoff, never an exception")
    void garbledHintsFallBackToBackoff() {
        Decision decision = decide(response(
                429,
                "retry-after-ms",
                "-5",
                "x-ratelimit-remaining-requests",
                "0",
                "x-ratelimit-reset-requests",
                "soon",
                "x-should-retry",
                "maybe"));
        assertThat(decision).isEqualTo(new Decision.Retry(Duration.ZERO, Duration.ZERO));
    }
}
