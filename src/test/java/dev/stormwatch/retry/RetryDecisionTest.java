package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;

import dev.stormwatch.retry.Outcome.HttpResponse;
import dev.stormwatch.retry.Outcome.NetworkFailure;
import java.time.Duration;
import java.time.Instant;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Nested;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.params.provider.ValueSource;

class RetryDecisionTest {

    private static final Origin TOKEN = Origin.of("https://idp.example/token");
    private static final Instant NOW = Instant.parse("2026-11-30T06:00:00Z");
    private static final double HALF = 0.5;

    private static Decision decide(Outcome outcome, Operation operation) {
        return decide(outcome, operation, BudgetCounters.FRESH);
    }

    private static Decision decide(Outcome outcome, Operation operation, BudgetCounters counters) {
        return RetryDecision.decide(outcome, operation, TOKEN, counters, RetryPolicy.DEFAULT, NOW, HALF);
    }

    private static BudgetCounters elapsed(Duration elapsed) {
        return new BudgetCounters(0, 0, 0, elapsed);
    }

    private static CallFailure.Recoverable stopFailure(Decision decision) {
        assertThat(decision).isInstanceOf(Decision.Stop.class);
        return ((Decision.Stop) decision).failure();
    }

    @Nested
    @DisplayName("F1, F2: the refresh table, row by row")
    class RefreshTable {

        // F1 row 1
        @DisplayName("F1: connection not established (no byte sent): retried")
        @ParameterizedTest(name = "{0}")
        @EnumSource(
                value = FailureKind.class,
                names = {"CONNECT_REFUSED", "DNS_FAILURE", "CONNECT_TIMEOUT", "TLS_HANDSHAKE"})
        void retriedWhenNothingLeft(FailureKind kind) {
            assertThat(decide(new NetworkFailure(kind), Operation.REFRESH)).isInstanceOf(Decision.Retry.class);
        }

        // F1 row 2
        @Test
        @DisplayName("F1: 429 with Retry-After: retried after the wait")
        void retried429WithRetryAfter() {
            Decision decision = decide(HttpResponse.withRetryAfter(429, "5"), Operation.REFRESH);

            assertThat(decision).isInstanceOf(Decision.Retry.class);
            assertThat(((Decision.Retry) decision).delay()).isGreaterThanOrEqualTo(Duration.ofSeconds(5));
        }

        // F1 row 2
        @Test
        @DisplayName("F1: 429 without Retry-After: retried with backoff")
        void retried429WithoutRetryAfter() {
            assertThat(decide(HttpResponse.of(429), Operation.REFRESH))
                    .isEqualTo(new Decision.Retry(Duration.ofMillis(250), Duration.ofMillis(250)));
        }

        // F1 row 3, F2, P1
        @Test
        @DisplayName(
                "F1, F2: 503 with Retry-After: not retried, error after one request; the provider's wait starts a pause")
        void notRetried503WithRetryAfter() {
            Decision decision = decide(HttpResponse.withRetryAfter(503, "5"), Operation.REFRESH);

            CallFailure.Recoverable failure = stopFailure(decision);
            assertThat(failure.reason())
                    .isEqualTo(new CallFailure.Server(503, Optional.of(Duration.ofSeconds(5)), 1, Duration.ZERO));
            assertThat(((Decision.Stop) decision).pauseUntil()).contains(NOW.plusSeconds(5));
        }

        // F1 row 4, F2, P5
        @DisplayName("F1, F2, P5: 500, 502, 503 without Retry-After, 504: not retried, no pause")
        @ParameterizedTest(name = "{0}")
        @ValueSource(ints = {500, 502, 503, 504})
        void notRetried5xx(int status) {
            Decision decision = decide(HttpResponse.of(status), Operation.REFRESH);

            assertThat(stopFailure(decision).reason())
                    .isEqualTo(new CallFailure.Server(status, Optional.empty(), 1, Duration.ZERO));
            assertThat(((Decision.Stop) decision).pauseUntil()).isEmpty();
        }

        // F1 row 5, F2
        @DisplayName("F1, F2: read timeout, reset after send, malformed response: not retried, error after one request")
        @ParameterizedTest(name = "{0}")
        @EnumSource(
                value = FailureKind.class,
                names = {"READ_TIMEOUT", "RESET_AFTER_SEND", "MALFORMED_RESPONSE"})
        void notRetriedWhenMaybeProcessed(FailureKind kind) {
            Decision decision = decide(new NetworkFailure(kind), Operation.REFRESH);

            assertThat(stopFailure(decision).reason()).isEqualTo(new CallFailure.Network(kind, 1, Duration.ZERO));
            assertThat(((Decision.Stop) decision).pauseUntil()).isEmpty();
        }
    }

    // ST1, ST3
    @DisplayName("ST1, ST3: a status outside the retryable set is delivered at once to the caller")
    @ParameterizedTest(name = "{0}")
    @ValueSource(ints = {200, 201, 204, 302, 400, 401, 403, 404, 409, 422, 428, 501, 505})
    void nonRetryableStatusesAreDelivered(int status) {
        for (Operation operation : Operation.values()) {
            assertThat(decide(HttpResponse.withRetryAfter(status, "1"), operation))
                    .isSameAs(Decision.DELIVER);
        }
    }

    // ST1
    @DisplayName("ST1: 408, 425, 429, 500, 502, 503, 504 are retried for reads, PAR and revocation")
    @ParameterizedTest(name = "{0}")
    @ValueSource(ints = {408, 425, 429, 500, 502, 503, 504})
    void retryableStatuses(int status) {
        for (Operation operation : EnumSet.of(Operation.READ, Operation.PAR, Operation.REVOCATION)) {
            assertThat(decide(HttpResponse.of(status), operation))
                    .as(operation.name())
                    .isInstanceOf(Decision.Retry.class);
        }
    }

    // ST2
    @DisplayName("ST2: every network failure but a certificate or a refused handshake is retried for reads")
    @ParameterizedTest(name = "{0}")
    @EnumSource(
            value = FailureKind.class,
            mode = EnumSource.Mode.EXCLUDE,
            names = {"TLS_UNTRUSTED", "TLS_CERTIFICATE_EXPIRED", "TLS_WRONG_HOST", "TLS_REFUSED"})
    void networkFailuresAreRetriedForReads(FailureKind kind) {
        assertThat(decide(new NetworkFailure(kind), Operation.READ))
                .isEqualTo(new Decision.Retry(Duration.ofMillis(250), Duration.ofMillis(250)));
    }

    @DisplayName("TL1: a certificate failure or a refused handshake stops at once, for every operation")
    @ParameterizedTest(name = "{0}")
    @EnumSource(
            value = FailureKind.class,
            names = {"TLS_UNTRUSTED", "TLS_CERTIFICATE_EXPIRED", "TLS_WRONG_HOST", "TLS_REFUSED"})
    void permanentTlsFailuresAreNeverRetried(FailureKind kind) {
        for (Operation operation : Operation.values()) {
            CallFailure.Recoverable failure = stopFailure(decide(new NetworkFailure(kind), operation));
            assertThat(((CallFailure.Network) failure.reason()).kind()).isEqualTo(kind);
            assertThat(((CallFailure.Network) failure.reason()).attempts()).isEqualTo(1);
        }
        assertThat(kind.permanent()).isTrue();
        assertThat(kind.certainlyNeverLeft())
                .as("F1: nothing of the request left")
                .isTrue();
    }

    @Test
    @DisplayName("TL1: a handshake cut off by a reset is a hiccup, retried for reads")
    void brokenHandshakeIsStillRetried() {
        assertThat(FailureKind.TLS_HANDSHAKE.permanent()).isFalse();
        assertThat(decide(new NetworkFailure(FailureKind.TLS_HANDSHAKE), Operation.READ))
                .isInstanceOf(Decision.Retry.class);
    }

    // ST2, B1
    @Test
    @DisplayName("ST2, B1: network failures share the attempt limits of statuses")
    void networkFailuresShareTheLimits() {
        Decision decision = decide(
                new NetworkFailure(FailureKind.CONNECT_REFUSED),
                Operation.READ,
                new BudgetCounters(2, 2, 2, Duration.ofSeconds(1)));

        assertThat(stopFailure(decision).reason())
                .isEqualTo(new CallFailure.Network(FailureKind.CONNECT_REFUSED, 3, Duration.ofSeconds(1)));
    }

    // P3
    @DisplayName("P3: the code exchange is sent exactly once, whatever the outcome")
    @ParameterizedTest(name = "{0}")
    @MethodSource("everyFailedOutcome")
    void codeExchangeIsSentOnce(Outcome outcome) {
        assertThat(decide(outcome, Operation.CODE_EXCHANGE)).isInstanceOf(Decision.Stop.class);
    }

    // P3, P1
    @Test
    @DisplayName("P3, P1: a code exchange ending with 429 and Retry-After starts a pause like any other outcome")
    void codeExchangeRetryAfterStartsAPause() {
        Decision decision = decide(HttpResponse.withRetryAfter(429, "30"), Operation.CODE_EXCHANGE);

        assertThat(((Decision.Stop) decision).pauseUntil()).contains(NOW.plusSeconds(30));
        assertThat(stopFailure(decision).retryAfter()).contains(Duration.ofSeconds(30));
    }

    // A1
    @DisplayName("A1: the application's own requests get their 429 or 5xx back as they are, after one request")
    @ParameterizedTest(name = "{0}")
    @ValueSource(ints = {408, 425, 429, 500, 502, 503, 504})
    void sendOnceDeliversRetryableStatuses(int status) {
        assertThat(decide(HttpResponse.withRetryAfter(status, "5"), Operation.SEND_ONCE))
                .isSameAs(Decision.DELIVER);
    }

    // E1, RC2
    @DisplayName("E1, RC2: a non-idempotent request that failed on the network is not resent; the error is typed")
    @ParameterizedTest(name = "{0}")
    @EnumSource(FailureKind.class)
    void sendOnceNetworkFailureStops(FailureKind kind) {
        assertThat(stopFailure(decide(new NetworkFailure(kind), Operation.SEND_ONCE))
                        .reason())
                .isEqualTo(new CallFailure.Network(kind, 1, Duration.ZERO));
    }

    // B1
    @DisplayName("B1: at most 3 failed requests per origin and 4 over all origins")
    @ParameterizedTest(name = "failed so far at origin {0}, in all {1}: retry = {2}")
    @MethodSource
    void attemptLimits(int failedAtOrigin, int failedInAll, boolean retried) {
        Decision decision = decide(
                HttpResponse.of(503),
                Operation.READ,
                new BudgetCounters(0, failedAtOrigin, failedInAll, Duration.ZERO));

        assertThat(decision).isInstanceOf(retried ? Decision.Retry.class : Decision.Stop.class);
    }

    static Stream<Arguments> attemptLimits() {
        return Stream.of(
                Arguments.of(0, 0, true),
                Arguments.of(1, 1, true),
                Arguments.of(2, 2, false),
                Arguments.of(0, 2, true),
                Arguments.of(0, 3, false),
                Arguments.of(1, 3, false));
    }

    // RA5, B1, E3
    @Test
    @DisplayName("RA5: Retry-After: 0 forever ends after 3 requests; the error says attempts = 3")
    void retryAfterZeroForeverEndsAfterThreeRequests() {
        BudgetCounters counters = BudgetCounters.FRESH;
        Decision decision;
        int requests = 0;
        do {
            requests++;
            decision = decide(HttpResponse.withRetryAfter(429, "0"), Operation.READ, counters);
            counters = new BudgetCounters(
                    counters.failedInStep() + 1,
                    counters.failedAtOrigin() + 1,
                    counters.failedInAll() + 1,
                    counters.elapsed());
        } while (decision instanceof Decision.Retry retry && retry.delay().isZero());

        assertThat(requests).isEqualTo(3);
        assertThat(stopFailure(decision).attempts()).isEqualTo(3);
        assertThat(stopFailure(decision).retryAfter()).contains(Duration.ZERO);
        assertThat(((Decision.Stop) decision).pauseUntil())
                .as("a zero wait is no pause")
                .isEmpty();
    }

    // E3
    @Test
    @DisplayName("E3: attempts count the failed requests of the step, not of the whole visible call")
    void attemptsCountTheStep() {
        // Discovery failed once (another step); PAR fails for the third time now.
        Decision decision = decide(HttpResponse.of(503), Operation.PAR, new BudgetCounters(2, 2, 3, Duration.ZERO));

        assertThat(stopFailure(decision).attempts()).isEqualTo(3);
    }

    // RA3
    @DisplayName("RA3: wait exactly the Retry-After plus a jitter of up to a tenth of it, at most 1 s")
    @ParameterizedTest(name = "Retry-After {0} s, random {1}: jitter {2} ms")
    @MethodSource
    void retryAfterJitter(long seconds, double random, long jitterMillis) {
        Decision decision = RetryDecision.decide(
                HttpResponse.withRetryAfter(503, Long.toString(seconds)),
                Operation.READ,
                TOKEN,
                BudgetCounters.FRESH,
                RetryPolicy.DEFAULT,
                NOW,
                random);

        Duration jitter = Duration.ofMillis(jitterMillis);
        assertThat(decision)
                .isEqualTo(new Decision.Retry(Duration.ofSeconds(seconds).plus(jitter), jitter));
    }

    static Stream<Arguments> retryAfterJitter() {
        return Stream.of(
                Arguments.of(5, 0.5, 250),
                Arguments.of(5, 0.0, 0),
                Arguments.of(10, 0.5, 500),
                Arguments.of(15, 0.5, 500),
                Arguments.of(2, 0.99, 198),
                Arguments.of(0, 0.9, 0));
    }

    // RA3
    @Test
    @DisplayName("RA3: the jitter never exceeds what the budget has left after the wait")
    void jitterFitsInTheBudget() {
        Decision decision = RetryDecision.decide(
                HttpResponse.withRetryAfter(429, "19"),
                Operation.READ,
                TOKEN,
                elapsed(Duration.ofMillis(800)),
                RetryPolicy.DEFAULT,
                NOW,
                0.999);

        Decision.Retry retry = (Decision.Retry) decision;
        assertThat(retry.jitter()).isLessThanOrEqualTo(Duration.ofMillis(200));
        assertThat(retry.delay()).isLessThanOrEqualTo(Duration.ofMillis(19_200));
    }

    // RA4, P1, E4
    @DisplayName("RA4: a wait that does not fit the budget is neither shortened nor slept: stop, retryAfter set, pause")
    @ParameterizedTest(name = "elapsed {0} ms, Retry-After 19 s: retried = {1}")
    @MethodSource
    void retryAfterThatDoesNotFit(long elapsedMillis, boolean retried) {
        Decision decision = decide(
                HttpResponse.withRetryAfter(429, "19"), Operation.READ, elapsed(Duration.ofMillis(elapsedMillis)));

        if (retried) {
            assertThat(decision).isInstanceOf(Decision.Retry.class);
            return;
        }
        assertThat(stopFailure(decision).retryAfter()).contains(Duration.ofSeconds(19));
        assertThat(stopFailure(decision).attempts()).isEqualTo(1);
        assertThat(((Decision.Stop) decision).pauseUntil()).contains(NOW.plusSeconds(19));
    }

    static Stream<Arguments> retryAfterThatDoesNotFit() {
        // Budget 20 s: the wait of 19 s fits up to 1 s elapsed; jitter is left out of the check.
        return Stream.of(
                Arguments.of(999, true),
                Arguments.of(1_000, true),
                Arguments.of(1_001, false),
                Arguments.of(25_000, false));
    }

    // RA4
    @Test
    @DisplayName("RA4: a wait exactly on the budget's end is slept without jitter")
    void waitOnTheBudgetEndHasNoJitter() {
        Decision decision =
                decide(HttpResponse.withRetryAfter(429, "19"), Operation.READ, elapsed(Duration.ofSeconds(1)));

        assertThat(decision).isEqualTo(new Decision.Retry(Duration.ofSeconds(19), Duration.ZERO));
    }

    // RA8
    @Test
    @DisplayName("RA8: maxBackoff does not cap a Retry-After wait (the article's 8 s cap is not followed)")
    void maxBackoffDoesNotCapRetryAfter() {
        Decision decision = decide(HttpResponse.withRetryAfter(429, "15"), Operation.READ);

        assertThat(((Decision.Retry) decision).delay()).isGreaterThanOrEqualTo(Duration.ofSeconds(15));
    }

    // RA1
    @Test
    @DisplayName("RA1: a Retry-After on 500 is ignored: ordinary backoff, and no pause when the attempts run out")
    void retryAfterOn500IsIgnored() {
        assertThat(decide(HttpResponse.withRetryAfter(500, "15"), Operation.READ))
                .isEqualTo(new Decision.Retry(Duration.ofMillis(250), Duration.ofMillis(250)));
        Decision last = decide(
                HttpResponse.withRetryAfter(500, "15"), Operation.READ, new BudgetCounters(2, 2, 2, Duration.ZERO));
        assertThat(stopFailure(last).retryAfter()).isEmpty();
        assertThat(((Decision.Stop) last).pauseUntil()).isEmpty();
    }

    // RA6
    @Test
    @DisplayName("RA6: an invalid Retry-After counts as absent: ordinary backoff")
    void invalidRetryAfterMeansBackoff() {
        assertThat(decide(HttpResponse.withRetryAfter(503, "-5"), Operation.READ))
                .isEqualTo(new Decision.Retry(Duration.ofMillis(250), Duration.ofMillis(250)));
        assertThat(decide(new HttpResponse(503, List.of("5", "6"), null), Operation.READ))
                .isEqualTo(new Decision.Retry(Duration.ofMillis(250), Duration.ofMillis(250)));
    }

    // RA2
    @Test
    @DisplayName("RA2: an HTTP-date Retry-After is measured against the response's Date")
    void dateRetryAfter() {
        Decision decision = RetryDecision.decide(
                new HttpResponse(503, List.of("Mon, 30 Nov 2026 06:00:08 GMT"), "Mon, 30 Nov 2026 05:59:58 GMT"),
                Operation.READ,
                TOKEN,
                BudgetCounters.FRESH,
                RetryPolicy.DEFAULT,
                NOW,
                0.0);

        assertThat(decision).isEqualTo(new Decision.Retry(Duration.ofSeconds(10), Duration.ZERO));
    }

    // RA7, RA4
    @Test
    @DisplayName("RA7: a wait beyond a day is capped at 86 400 s in the error and the pause")
    void hugeWaitIsCapped() {
        Decision decision = decide(HttpResponse.withRetryAfter(503, "1000000"), Operation.READ);

        assertThat(stopFailure(decision).retryAfter()).contains(Duration.ofSeconds(86_400));
        assertThat(((Decision.Stop) decision).pauseUntil()).contains(NOW.plusSeconds(86_400));
    }

    // P1
    @Test
    @DisplayName("P1: attempts running out while the provider still asks to wait starts a pause")
    void attemptsOutWhileAskedToWaitStartsAPause() {
        Decision decision = decide(
                HttpResponse.withRetryAfter(429, "5"),
                Operation.READ,
                new BudgetCounters(2, 2, 2, Duration.ofSeconds(3)));

        assertThat(stopFailure(decision).reason())
                .isEqualTo(new CallFailure.Server(429, Optional.of(Duration.ofSeconds(5)), 3, Duration.ofSeconds(3)));
        assertThat(((Decision.Stop) decision).pauseUntil()).contains(NOW.plusSeconds(5));
    }

    // P5, E4
    @Test
    @DisplayName("P5, E4: 5xx without Retry-After never starts a pause, and the error's retryAfter is empty")
    void noPauseWithoutTheProvidersWord() {
        Decision decision = decide(HttpResponse.of(503), Operation.READ, new BudgetCounters(2, 2, 2, Duration.ZERO));

        assertThat(((Decision.Stop) decision).pauseUntil()).isEmpty();
        assertThat(stopFailure(decision).retryAfter()).isEmpty();
    }

    // B3, E4, OP1
    @DisplayName("B3, E4: a backoff sleep that would end past the budget is not started: stop, retryAfter empty")
    @ParameterizedTest(name = "elapsed {0} ms: retried = {1}")
    @MethodSource
    void backoffPastTheBudget(long elapsedMillis, boolean retried) {
        // retry 1, random 0.5: a 250 ms sleep; the budget is 20 s.
        Decision decision = decide(HttpResponse.of(503), Operation.READ, elapsed(Duration.ofMillis(elapsedMillis)));

        if (retried) {
            assertThat(decision).isEqualTo(new Decision.Retry(Duration.ofMillis(250), Duration.ofMillis(250)));
            return;
        }
        assertThat(stopFailure(decision).reason())
                .isEqualTo(new CallFailure.Server(503, Optional.empty(), 1, Duration.ofMillis(elapsedMillis)));
    }

    static Stream<Arguments> backoffPastTheBudget() {
        return Stream.of(Arguments.of(19_749, true), Arguments.of(19_750, true), Arguments.of(19_751, false));
    }

    // B3
    @Test
    @DisplayName("B3: the backoff grows with the step's retry number")
    void backoffGrowsWithTheStepsFailures() {
        Decision decision = decide(HttpResponse.of(503), Operation.READ, new BudgetCounters(1, 1, 1, Duration.ZERO));

        assertThat(decision).isEqualTo(new Decision.Retry(Duration.ofMillis(500), Duration.ofMillis(500)));
    }

    // E6
    @Test
    @DisplayName("E6: 429 and 5xx share the category Recoverable and the reason Server; status tells them apart")
    void sameCategoryFor429And5xx() {
        BudgetCounters last = new BudgetCounters(2, 2, 2, Duration.ZERO);
        CallFailure.Recoverable tooMany = stopFailure(decide(HttpResponse.of(429), Operation.READ, last));
        CallFailure.Recoverable unavailable = stopFailure(decide(HttpResponse.of(503), Operation.READ, last));

        assertThat(tooMany.reason()).isInstanceOf(CallFailure.Server.class);
        assertThat(unavailable.reason()).isInstanceOf(CallFailure.Server.class);
        assertThat(((CallFailure.Server) tooMany.reason()).status()).isEqualTo(429);
        assertThat(((CallFailure.Server) unavailable.reason()).status()).isEqualTo(503);
    }

    // E1, E2
    @Test
    @DisplayName("E1, E2: the error carries status, retryAfter, attempts and elapsed, and says what to do")
    void errorCarriesWhatTheUiNeeds() {
        CallFailure.Recoverable failure = stopFailure(decide(
                HttpResponse.withRetryAfter(503, "120"),
                Operation.READ,
                new BudgetCounters(1, 1, 1, Duration.ofMillis(2_500))));

        assertThat(failure).isInstanceOf(RuntimeException.class);
        assertThat(failure.reason())
                .isEqualTo(
                        new CallFailure.Server(503, Optional.of(Duration.ofSeconds(120)), 2, Duration.ofMillis(2_500)));
        assertThat(failure.getMessage())
                .contains("https://idp.example:443")
                .contains("503")
                .contains("2 attempts")
                .contains("Try again in 120 s");
    }

    // E1
    @DisplayName("E1: every failed outcome of every operation gives a decision, never an exception")
    @ParameterizedTest(name = "{0}")
    @MethodSource("everyFailedOutcome")
    void neverThrows(Outcome outcome) {
        for (Operation operation : Operation.values()) {
            for (BudgetCounters counters :
                    List.of(BudgetCounters.FRESH, new BudgetCounters(9, 9, 19, Duration.ofHours(1)))) {
                assertThatCode(() -> RetryDecision.decide(
                                outcome, operation, TOKEN, counters, RetryPolicy.PATIENT, NOW, Math.nextDown(1.0)))
                        .doesNotThrowAnyException();
            }
        }
    }

    static Stream<Outcome> everyFailedOutcome() {
        Stream<Outcome> statuses = Stream.of(408, 425, 429, 500, 502, 503, 504)
                .flatMap(status -> Stream.of(
                        HttpResponse.of(status),
                        HttpResponse.withRetryAfter(status, "3"),
                        HttpResponse.withRetryAfter(status, "Sat, 01 Jan 10000 00:00:00 GMT")));
        Stream<Outcome> failures = Stream.of(FailureKind.values()).map(NetworkFailure::new);
        return Stream.concat(statuses, failures);
    }

    // B1, B3, RA4
    @DisplayName("B1: once the time budget is spent, not even a zero wait is retried; on its very end it still is")
    @ParameterizedTest(name = "elapsed {0} ms: retried = {1}")
    @MethodSource
    void zeroWaitAtTheBudgetsEnd(long elapsedMillis, boolean retried) {
        Decision decision = decide(
                HttpResponse.withRetryAfter(429, "0"), Operation.READ, elapsed(Duration.ofMillis(elapsedMillis)));

        assertThat(decision).isInstanceOf(retried ? Decision.Retry.class : Decision.Stop.class);
    }

    static Stream<Arguments> zeroWaitAtTheBudgetsEnd() {
        return Stream.of(Arguments.of(19_999, true), Arguments.of(20_000, true), Arguments.of(20_001, false));
    }
}
