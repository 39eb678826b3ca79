package dev.stormwatch.http;

import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.OriginPauses;
import dev.stormwatch.retry.Outcome;
import dev.stormwatch.retry.RetryAfter;
import dev.stormwatch.retry.SendGate;
import dev.stormwatch.retry.WaitHints;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * What the blocking and the asynchronous executor say about one request step, built one way for both: an
 * {@link AttemptEvent} per attempt, and the step's typed errors when a pause refuses it (P2) or it ends before a
 * retry the decision allowed (E4).
 */
final class StepReport {

    private final Clock clock;
    private final AttemptListener listener;
    private final String step;
    private final Operation operation;
    private final CallBudget budget;

    StepReport(Clock clock, AttemptListener listener, String step, Operation operation, CallBudget budget) {
        this.clock = clock;
        this.listener = listener;
        this.step = step;
        this.operation = operation;
        this.budget = budget;
    }

    /**
     * A running pause refused the step before sending: one event, and the error the caller sees (P2). The error says
     * {@code attempts = 0} even when the pause began while this step waited between attempts (another call started
     * it): nothing more will be sent before it ends, so the window counts down instead of offering a retry (P9).
     */
    CallFailure.Recoverable refuse(Origin origin, OriginPauses.Refusal refusal) {
        Duration remaining = refusal.remaining();
        listener.onAttempt(new AttemptEvent(
                clock.instant(),
                origin,
                step,
                operation,
                0,
                OptionalInt.of(refusal.status()),
                Optional.empty(),
                List.of(),
                Optional.of(remaining),
                Optional.empty(),
                Optional.empty(),
                budgetLeft(origin),
                Optional.empty(),
                AttemptEvent.Verdict.REFUSED_BY_PAUSE,
                Optional.empty(),
                ConnectionUse.NONE));
        // P2: the same Server error as the pause's, attempts = 0, retryAfter = what is left of the pause.
        return new CallFailure.Recoverable(
                origin, new CallFailure.Server(refusal.status(), Optional.of(remaining), 0, budget.elapsed()));
    }

    /** An attempt waits before it is sent (RH11, RH13): one event, nothing on the wire yet. */
    void paced(Origin origin, int attempt, SendGate.Wait wait) {
        listener.onAttempt(new AttemptEvent(
                clock.instant(),
                origin,
                step,
                operation,
                attempt,
                OptionalInt.empty(),
                Optional.empty(),
                List.of(),
                Optional.empty(),
                Optional.of(wait.delay()),
                Optional.empty(),
                budgetLeft(origin),
                Optional.empty(),
                AttemptEvent.Verdict.PACED,
                Optional.of(wait.describe()),
                ConnectionUse.NONE));
    }

    /** The step's error when it ends before a retry the decision allowed: retryAfter empty (E4). */
    CallFailure.Recoverable giveUp(Origin origin, SentAttempt sent, int failedInStep) {
        CallFailure.Reason reason = sent.outcome() instanceof Outcome.NetworkFailure failure
                ? new CallFailure.Network(failure.kind(), failedInStep, budget.elapsed())
                : new CallFailure.Server(sent.status(), Optional.empty(), failedInStep, budget.elapsed());
        return new CallFailure.Recoverable(origin, reason);
    }

    /** One attempt's event: what came back, what was decided, and what the call has left. */
    void attempt(
            Instant at,
            Origin origin,
            int attempt,
            SentAttempt sent,
            Optional<Duration> delay,
            Optional<Duration> jitter,
            Optional<Instant> pauseStarted,
            AttemptEvent.Verdict verdict) {
        OptionalInt status = OptionalInt.empty();
        Optional<FailureKind> failure = Optional.empty();
        List<String> raw = List.of();
        Optional<Duration> retryAfter = Optional.empty();
        Optional<String> waitHint = Optional.empty();
        if (sent.outcome() instanceof Outcome.HttpResponse response) {
            status = OptionalInt.of(response.status());
            raw = response.retryAfter();
            if (response.hints().isEmpty()) {
                retryAfter =
                        RetryAfter.parse(response.status(), raw, response.date(), Clock.fixed(at, clock.getZone()));
                String value =
                        raw.isEmpty() || raw.get(0) == null ? "" : raw.get(0).strip();
                waitHint = retryAfter.map(
                        wait -> "retry-after: " + value + (wait.equals(RetryAfter.CAP) ? " (RA7)" : " (RA2)"));
            } else if (verdict != AttemptEvent.Verdict.DELIVER || pauseStarted.isPresent()) {
                // RH2, RH9: the wait of every hint, or the pace of a delivered response, and the hint that decided.
                // A delivery that starts no pace asks for no wait: it is not read twice on a load run's hot path.
                WaitHints.Reading reading =
                        WaitHints.read(response.status(), raw, response.date(), response.hints(), at);
                retryAfter = reading.waitTime().or(reading::pace);
                waitHint = reading.decidedBy().map(h -> h.headerLine() + " (" + h.rule() + ")");
            }
        } else {
            failure = Optional.of(((Outcome.NetworkFailure) sent.outcome()).kind());
        }
        listener.onAttempt(new AttemptEvent(
                at,
                origin,
                step,
                operation,
                attempt,
                status,
                failure,
                raw,
                retryAfter,
                delay,
                jitter,
                budgetLeft(origin),
                pauseStarted,
                verdict,
                waitHint,
                sent.connection(),
                sent.proxy()));
    }

    private AttemptEvent.BudgetLeft budgetLeft(Origin origin) {
        return new AttemptEvent.BudgetLeft(budget.attemptsLeftAt(origin), budget.remaining());
    }
}
