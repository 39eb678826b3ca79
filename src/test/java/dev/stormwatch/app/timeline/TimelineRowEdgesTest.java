package dev.stormwatch.app.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.http.AttemptEvent.Verdict;
import dev.stormwatch.http.ConnectionUse;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The words of each kind of attempt, one row at a time (the cases {@link TimelineViewModelTest} leaves). */
class TimelineRowEdgesTest {

    private static final Instant T0 = Instant.parse("2026-11-30T09:00:00Z");
    private static final Instant PAUSE_END = Instant.parse("2026-11-30T09:01:02.345Z");

    /** An event of the given kind; the rest as a plain first attempt with two attempts and 10 s left. */
    private static AttemptEvent event(
            Operation operation,
            int attempt,
            OptionalInt status,
            Optional<FailureKind> failure,
            Optional<Instant> pauseStarted,
            Verdict verdict,
            Optional<Duration> delay,
            Optional<String> waitHint,
            ConnectionUse connection) {
        return new AttemptEvent(
                T0,
                Origin.of("https://idp.example"),
                "token",
                operation,
                attempt,
                status,
                failure,
                List.of(),
                Optional.empty(),
                delay,
                Optional.empty(),
                new AttemptEvent.BudgetLeft(2, Duration.ofSeconds(10)),
                pauseStarted,
                verdict,
                waitHint,
                connection);
    }

    private static TimelineRow answered(Operation operation, int status, Verdict verdict) {
        return TimelineRow.of(
                1,
                event(
                        operation,
                        1,
                        OptionalInt.of(status),
                        Optional.empty(),
                        Optional.empty(),
                        verdict,
                        Optional.empty(),
                        Optional.empty(),
                        ConnectionUse.REUSED));
    }

    private static TimelineRow failed(Operation operation, FailureKind kind, Verdict verdict) {
        return TimelineRow.of(
                1,
                event(
                        operation,
                        1,
                        OptionalInt.empty(),
                        Optional.of(kind),
                        Optional.empty(),
                        verdict,
                        Optional.empty(),
                        Optional.empty(),
                        ConnectionUse.OPENED));
    }

    @Test
    void eachNetworkFailureHasAShortNameOfItsOwn() {
        Map<FailureKind, String> names = Map.ofEntries(
                Map.entry(FailureKind.CONNECT_REFUSED, "connection refused"),
                Map.entry(FailureKind.DNS_FAILURE, "DNS failure"),
                Map.entry(FailureKind.CONNECT_TIMEOUT, "connect timeout"),
                Map.entry(FailureKind.TLS_HANDSHAKE, "TLS failure"),
                Map.entry(FailureKind.TLS_UNTRUSTED, "untrusted certificate"),
                Map.entry(FailureKind.TLS_CERTIFICATE_EXPIRED, "expired certificate"),
                Map.entry(FailureKind.TLS_WRONG_HOST, "certificate for another host"),
                Map.entry(FailureKind.TLS_REFUSED, "TLS refused"),
                Map.entry(FailureKind.READ_TIMEOUT, "read timeout"),
                Map.entry(FailureKind.RESET_AFTER_SEND, "reset after send"),
                Map.entry(FailureKind.MALFORMED_RESPONSE, "malformed answer"));

        assertThat(names).hasSize(FailureKind.values().length);
        names.forEach((kind, name) ->
                assertThat(failed(Operation.READ, kind, Verdict.RETRY).result()).isEqualTo(name));
    }

    @Test
    @DisplayName("RC7: an attempt the rate limiter refused was not sent, and says so in both columns")
    void aRefusalByTheLimiterSaysNothingWasSent() {
        TimelineRow row = TimelineRow.of(
                1,
                event(
                        Operation.READ,
                        0,
                        OptionalInt.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Verdict.REFUSED_BY_LIMITER,
                        Optional.empty(),
                        Optional.empty(),
                        ConnectionUse.NONE));

        assertThat(row.result()).isEqualTo("not sent: rate limiter");
        assertThat(row.verdict()).isEqualTo("refused by the rate limiter, nothing sent");
        assertThat(row.attempt()).isEqualTo("–");
    }

    @Test
    @DisplayName("RH11: a paced attempt says how long it waits and which hint holds it")
    void aPacedAttemptSaysItsWaitAndItsHint() {
        TimelineRow hinted = TimelineRow.of(
                1,
                event(
                        Operation.READ,
                        2,
                        OptionalInt.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Verdict.PACED,
                        Optional.of(Duration.ofMillis(1_500)),
                        Optional.of("retry-after-ms: 1500 (RH1)"),
                        ConnectionUse.NONE));
        TimelineRow bare = TimelineRow.of(
                2,
                event(
                        Operation.READ,
                        2,
                        OptionalInt.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Verdict.PACED,
                        Optional.empty(),
                        Optional.empty(),
                        ConnectionUse.NONE));

        assertThat(hinted.result()).isEqualTo("not sent yet: paced");
        assertThat(hinted.attempt()).isEqualTo("2");
        assertThat(hinted.verdict()).isEqualTo("waits 1.5 s before sending: retry-after-ms: 1500 (RH1)");
        assertThat(bare.verdict()).isEqualTo("waits 0 ms before sending: paced");
    }

    @Test
    @DisplayName("P1: a stop that started a pause says until when, to the millisecond in UTC")
    void aStopThatStartedAPauseSaysUntilWhen() {
        TimelineRow row = TimelineRow.of(
                1,
                event(
                        Operation.REFRESH,
                        1,
                        OptionalInt.of(429),
                        Optional.empty(),
                        Optional.of(PAUSE_END),
                        Verdict.STOP,
                        Optional.empty(),
                        Optional.empty(),
                        ConnectionUse.REUSED));

        assertThat(row.verdict()).isEqualTo("stopped; origin paused until 09:01:02.345");
        assertThat(row.time()).isEqualTo("09:00:00.000");
    }

    @Test
    @DisplayName("F1: only a refresh that may have left is said not to be resent; other stops just stop")
    void onlyARefreshThatMayHaveLeftIsSaidNotToBeResent() {
        assertThat(failed(Operation.REFRESH, FailureKind.CONNECT_REFUSED, Verdict.STOP)
                        .verdict())
                .isEqualTo("stopped");
        assertThat(failed(Operation.READ, FailureKind.READ_TIMEOUT, Verdict.STOP)
                        .verdict())
                .isEqualTo("stopped");
        assertThat(answered(Operation.REFRESH, 503, Verdict.STOP).verdict()).isEqualTo("stopped");
    }

    @Test
    @DisplayName("RH9: a delivered answer that started a pace says until when the origin is paced")
    void aDeliveredAnswerThatPacesItsOriginSaysUntilWhen() {
        TimelineRow row = TimelineRow.of(
                1,
                event(
                        Operation.READ,
                        1,
                        OptionalInt.of(200),
                        Optional.empty(),
                        Optional.of(PAUSE_END),
                        Verdict.DELIVER,
                        Optional.empty(),
                        Optional.empty(),
                        ConnectionUse.REUSED));

        assertThat(row.verdict()).isEqualTo("delivered; nothing left, origin paced until 09:01:02.345");
    }

    @Test
    @DisplayName("F1: a failure handed back without a status was not resent; nothing at all reads as delivered")
    void aDeliveryWithoutAStatus() {
        assertThat(failed(Operation.REFRESH, FailureKind.RESET_AFTER_SEND, Verdict.DELIVER)
                        .verdict())
                .isEqualTo("failed; not resent (F1)");
        TimelineRow nothing = TimelineRow.of(
                1,
                event(
                        Operation.READ,
                        1,
                        OptionalInt.empty(),
                        Optional.empty(),
                        Optional.empty(),
                        Verdict.DELIVER,
                        Optional.empty(),
                        Optional.empty(),
                        ConnectionUse.REUSED));
        assertThat(nothing.verdict()).isEqualTo("delivered");
        assertThat(nothing.result()).isEmpty();
    }

    @Test
    @DisplayName("ST1: a retryable status handed back says why it was not retried, by operation")
    void aRetryableStatusHandedBackSaysWhyItWasNotRetried() {
        assertThat(answered(Operation.CODE_EXCHANGE, 429, Verdict.DELIVER).verdict())
                .isEqualTo("error 429 returned; the code exchange is sent once (P3)");
        assertThat(answered(Operation.SEND_ONCE, 502, Verdict.DELIVER).verdict())
                .isEqualTo("error 502 returned; sent once (A1, RC2)");
        assertThat(answered(Operation.READ, 504, Verdict.DELIVER).verdict())
                .isEqualTo("error 504 returned; not retried");
    }

    @Test
    @DisplayName("ST3: the boundary between a delivery and an error handed back is 400")
    void theBoundaryBetweenDeliveryAndErrorIs400() {
        assertThat(answered(Operation.READ, 399, Verdict.DELIVER).verdict()).isEqualTo("delivered");
        assertThat(answered(Operation.READ, 400, Verdict.DELIVER).verdict())
                .isEqualTo("error 400 returned; never retried (ST3)");
        for (int status : new int[] {408, 425, 500}) {
            assertThat(answered(Operation.READ, status, Verdict.DELIVER).verdict())
                    .isEqualTo("error " + status + " returned; not retried");
        }
    }

    @Test
    @DisplayName("CN2: a request sent again on a new connection after a stale one says so; a reused one does not")
    void aResendAfterAStaleConnectionSaysSo() {
        TimelineRow stale = TimelineRow.of(
                1,
                event(
                        Operation.READ,
                        1,
                        OptionalInt.of(200),
                        Optional.empty(),
                        Optional.empty(),
                        Verdict.DELIVER,
                        Optional.empty(),
                        Optional.empty(),
                        ConnectionUse.OPENED_AFTER_STALE));

        assertThat(stale.verdict()).isEqualTo("delivered; new connection: the pooled one was closed while idle (CN2)");
        assertThat(answered(Operation.READ, 200, Verdict.DELIVER).verdict()).isEqualTo("delivered");
    }

    @Test
    void theShortOriginDropsOnlyTheScheme() {
        TimelineRow row = answered(Operation.READ, 200, Verdict.DELIVER);

        assertThat(row.shortOrigin()).isEqualTo("idp.example:443");
        assertThat(row.origin()).isEqualTo("https://idp.example:443");
    }

    @Test
    void aTicketWithoutRetryAfterOrDelaySaysSo() {
        TimelineRow row = answered(Operation.READ, 200, Verdict.DELIVER);

        assertThat(row.asTicketText())
                .isEqualTo("09:00:00.000Z | https://idp.example:443 | token | attempt 1 | 200 | no Retry-After"
                        + " | no delay | budget left 2 attempts, 10 s | delivered");
    }

    @Test
    void aRowKnowsHowLongAfterTheStartItCame() {
        TimelineRow row = answered(Operation.READ, 200, Verdict.DELIVER);

        assertThat(row.since(T0.minusMillis(1_250))).isEqualTo(Duration.ofMillis(1_250));
        assertThat(row.sequence()).isEqualTo(1);
    }
}
