package dev.stormwatch.http;

import dev.stormwatch.retry.BudgetCounters;
import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.Decision;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.OriginPauses;
import dev.stormwatch.retry.PaceScope;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import okhttp3.Response;

/**
 * What the blocking and the asynchronous executor do after each decision of one request step, written once: the
 * failure counts (budget and step), the shared retry quota (RC8), the pace or pause the answer starts (RH9, RH12,
 * P1), and the attempt's event ({@link StepReport}). Each executor then only carries out what {@link #after} says:
 * hand the response over, end with a typed error, or wait and send again.
 */
final class StepBookkeeping {

    /** What the executor does next. */
    sealed interface Next permits Deliver, End, Wait {}

    /** Hand {@code response} to the caller: the step is over. */
    record Deliver(Response response) implements Next {}

    /** End the step with {@code failure}: nothing more is sent. */
    record End(CallFailure.Recoverable failure) implements Next {}

    /** Wait {@code delay}, then send the next attempt. */
    record Wait(Duration delay) implements Next {}

    private final CallBudget budget;
    private final OriginPauses pauses;
    private final RetryQuota retryQuota;
    private final StepReport report;
    private int failedInStep;

    StepBookkeeping(CallBudget budget, OriginPauses pauses, RetryQuota retryQuota, StepReport report) {
        this.budget = budget;
        this.pauses = pauses;
        this.retryQuota = retryQuota;
        this.report = report;
    }

    /** The counters the next decision at {@code origin} reads: the call's budget and this step's failures. */
    BudgetCounters counters(Origin origin) {
        return budget.counters(origin, failedInStep);
    }

    /**
     * Records {@code decision} on {@code sent} (attempt number {@code attempt}, decided at {@code now}) and says what
     * follows. Closes the response of an attempt that is not delivered.
     *
     * @param target what a pace the response starts may cover (RH12)
     */
    Next after(
            Decision decision, SentAttempt sent, Origin origin, int attempt, Instant now, PaceScope.PaceTarget target) {
        if (sent.outcome().isFailedRequest()) {
            budget.recordFailure(origin);
            failedInStep++;
        }
        if (decision instanceof Decision.Deliver deliver) {
            if (!sent.outcome().isFailedRequest()) {
                retryQuota.onSuccess();
            }
            // RH9, RH12: nothing is left until the reset: pace what the quota covers instead of being refused.
            deliver.paceUntil()
                    .ifPresent(until -> pauses.pace(origin, deliver.paceScope().keyFor(target), until));
            report.attempt(
                    now,
                    origin,
                    attempt,
                    sent,
                    Optional.empty(),
                    Optional.empty(),
                    deliver.paceUntil(),
                    AttemptEvent.Verdict.DELIVER);
            return new Deliver(sent.response());
        }
        sent.close();
        if (decision instanceof Decision.Stop stop) {
            // P1: the provider's Retry-After outlives this call as the origin's pause.
            stop.pauseUntil().ifPresent(until -> pauses.start(origin, sent.status(), until));
            report.attempt(
                    now,
                    origin,
                    attempt,
                    sent,
                    Optional.empty(),
                    Optional.empty(),
                    stop.pauseUntil(),
                    AttemptEvent.Verdict.STOP);
            return new End(stop.failure());
        }
        Decision.Retry retry = (Decision.Retry) decision;
        // RC8: an empty shared retry quota ends the step as if the budget ran out (E4).
        if (!retryQuota.tryAcquireRetry()) {
            report.attempt(
                    now,
                    origin,
                    attempt,
                    sent,
                    Optional.empty(),
                    Optional.empty(),
                    Optional.empty(),
                    AttemptEvent.Verdict.STOP);
            return new End(giveUp(origin, sent));
        }
        report.attempt(
                now,
                origin,
                attempt,
                sent,
                Optional.of(retry.delay()),
                Optional.of(retry.jitter()),
                Optional.empty(),
                AttemptEvent.Verdict.RETRY);
        return new Wait(retry.delay());
    }

    /** The step's error when it ends before a retry the decision allowed, after {@code sent}: retryAfter empty (E4). */
    CallFailure.Recoverable giveUp(Origin origin, SentAttempt sent) {
        return report.giveUp(origin, sent, failedInStep);
    }
}
