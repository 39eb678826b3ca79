package dev.stormwatch.app.timeline;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

class TimelineViewModelTest {

    private static final Instant T0 = Instant.parse("2026-11-30T09:00:00Z");
    private final TimelineViewModel model = new TimelineViewModel(Runnable::run);

    @Test
    void eachAttemptBecomesOneRowInArrivalOrder() {
        model.onAttempt(throttled(T0, 1));
        model.onAttempt(delivered(T0.plusSeconds(5), 2));

        assertThat(model.rows()).extracting(TimelineRow::attempt).containsExactly("1", "2");
        assertThat(model.rows()).extracting(TimelineRow::result).containsExactly("429", "200");
        assertThat(model.startProperty().get()).isEqualTo(T0);
    }

    @Test
    void rowShowsRawAndParsedRetryAfterDelayAndJitter() {
        model.onAttempt(throttled(T0, 1));

        TimelineRow row = model.rows().get(0);
        assertThat(row.retryAfterRaw()).isEqualTo("0005");
        assertThat(row.retryAfter()).isEqualTo("5 s");
        assertThat(row.delay()).isEqualTo("5.3 s");
        assertThat(row.jitter()).isEqualTo("300 ms");
        assertThat(row.verdict()).isEqualTo("retry");
    }

    // P2: a refusal by a pause never went on the wire: no status, no attempt number, even when the event
    // carries the status that started the pause.
    @Test
    void aRefusalByPauseSaysNothingWasSent() {
        model.onAttempt(new AttemptEvent(
                T0,
                Origin.of("https://idp.example"),
                "token",
                Operation.REFRESH,
                0,
                OptionalInt.of(429),
                Optional.empty(),
                List.of(),
                Optional.of(Duration.ofSeconds(42)),
                Optional.empty(),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(3, Duration.ofSeconds(20)),
                Optional.empty(),
                AttemptEvent.Verdict.REFUSED_BY_PAUSE));

        assertThat(model.rows().get(0).result()).isEqualTo("not sent: origin paused");
        assertThat(model.rows().get(0).attempt()).isEqualTo("–");
        assertThat(model.rows().get(0).verdict()).contains("nothing sent");
    }

    @Test
    void ticketTextCarriesEveryColumnOnOneLine() {
        model.onAttempt(throttled(T0, 1));

        String text = model.ticketText(model.rows().get(0));

        assertThat(text)
                .doesNotContain("\n")
                .contains(
                        "https://idp.example:443",
                        "token",
                        "attempt 1",
                        "429",
                        "Retry-After: 0005 (5 s)",
                        "delay 5.3 s (jitter 300 ms)",
                        "retry");
    }

    // ST3: a 400 handed back to the caller is an error, not a delivery to celebrate.
    @Test
    void anErrorStatusHandedBackDoesNotReadAsSuccess() {
        model.onAttempt(answered(400, Operation.READ, 1));
        model.onAttempt(answered(503, Operation.REFRESH, 1));
        model.onAttempt(answered(200, Operation.READ, 1));

        assertThat(model.rows())
                .extracting(TimelineRow::verdict)
                .containsExactly(
                        "error 400 returned; never retried (ST3)",
                        "error 503 returned; a refresh is not resent (F1)",
                        "delivered");
    }

    @Test
    @org.junit.jupiter.api.DisplayName("PX8: an attempt that went through a proxy says which one in its Then"
            + " column and its copy, beside its connection; one sent direct says nothing of a proxy")
    void anAttemptThroughAProxySaysWhichOne() {
        AttemptEvent direct = answered(200, Operation.READ, 1);
        model.onAttempt(direct);
        model.onAttempt(new AttemptEvent(
                T0,
                Origin.of("https://idp.example"),
                "token",
                Operation.REFRESH,
                1,
                OptionalInt.of(200),
                Optional.empty(),
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(1, Duration.ofSeconds(10)),
                Optional.empty(),
                AttemptEvent.Verdict.DELIVER,
                Optional.empty(),
                dev.stormwatch.http.ConnectionUse.OPENED_NOT_RESENDABLE,
                Optional.of("proxy.example:3128")));

        assertThat(model.rows().get(0).verdict()).isEqualTo("delivered");
        assertThat(model.rows().get(1).verdict())
                .isEqualTo("delivered; new connection: not resendable (CN1); through the proxy proxy.example:3128");
        assertThat(model.ticketText(model.rows().get(1))).contains("through the proxy proxy.example:3128");
    }

    // F1: a refresh lost after it was sent reads as such, in words that fit the column.
    @Test
    void aRefreshLostAfterSendingSaysItWasNotResent() {
        model.onAttempt(new AttemptEvent(
                T0,
                Origin.of("https://idp.example"),
                "refresh",
                Operation.REFRESH,
                1,
                OptionalInt.empty(),
                Optional.of(dev.stormwatch.retry.FailureKind.RESET_AFTER_SEND),
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(2, Duration.ofSeconds(20)),
                Optional.empty(),
                AttemptEvent.Verdict.STOP));

        assertThat(model.rows().get(0).result()).isEqualTo("reset after send");
        assertThat(model.rows().get(0).verdict()).isEqualTo("stopped; may have been processed, so not resent (F1)");
    }

    @Test
    void oneAttemptLeftIsSingular() {
        model.onAttempt(answered(200, Operation.READ, 1));
        model.onAttempt(answered(200, Operation.READ, 2));

        assertThat(model.rows())
                .extracting(TimelineRow::budgetLeft)
                .containsExactly("1 attempt, 10 s", "2 attempts, 10 s");
    }

    @Test
    void clearEmptiesTheTimelineAndResetsItsStart() {
        model.onAttempt(throttled(T0, 1));

        model.clear();

        assertThat(model.rows()).isEmpty();
        assertThat(model.startProperty().get()).isNull();
    }

    private static AttemptEvent throttled(Instant at, int attempt) {
        return new AttemptEvent(
                at,
                Origin.of("https://idp.example"),
                "token",
                Operation.READ,
                attempt,
                OptionalInt.of(429),
                Optional.empty(),
                List.of("0005"),
                Optional.of(Duration.ofSeconds(5)),
                Optional.of(Duration.ofMillis(5300)),
                Optional.of(Duration.ofMillis(300)),
                new AttemptEvent.BudgetLeft(2, Duration.ofSeconds(15)),
                Optional.empty(),
                AttemptEvent.Verdict.RETRY);
    }

    private static AttemptEvent answered(int status, Operation operation, int attemptsLeft) {
        return new AttemptEvent(
                T0,
                Origin.of("https://idp.example"),
                "token",
                operation,
                1,
                OptionalInt.of(status),
                Optional.empty(),
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(attemptsLeft, Duration.ofSeconds(10)),
                Optional.empty(),
                AttemptEvent.Verdict.DELIVER);
    }

    private static AttemptEvent delivered(Instant at, int attempt) {
        return new AttemptEvent(
                at,
                Origin.of("https://idp.example"),
                "token",
                Operation.READ,
                attempt,
                OptionalInt.of(200),
                Optional.empty(),
                List.of(),
                Optional.empty(),
                Optional.empty(),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(2, Duration.ofSeconds(10)),
                Optional.empty(),
                AttemptEvent.Verdict.DELIVER);
    }
}
