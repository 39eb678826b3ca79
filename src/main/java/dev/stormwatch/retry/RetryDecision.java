package dev.stormwatch.retry;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/**
 * The retry decision as a pure function (spec ST1–ST3, F1–F2, RA1–RA8, RH1–RH10, RH12, B1–B4, P1, P5, E1–E6, OP1): given the outcome
 * of one request, the kind of operation, the budget counters, the policy, the time and a random number, it says
 * retry after this delay, stop with this error (and maybe start a pause), or deliver the response. Every executor
 * (blocking or asynchronous) asks it; none re-implements a rule.
 */
public final class RetryDecision {

    /** RA3: the jitter added to a Retry-After wait is at most a tenth of it... */
    private static final long JITTER_DIVISOR = 10;
    /** RA3: ...and at most one second, so a long wait is not stretched by minutes. */
    private static final long MAX_RETRY_AFTER_JITTER_NANOS =
            Duration.ofSeconds(1).toNanos();

    private RetryDecision() {}

    /**
     * Decides what follows one request.
     *
     * @param outcome what the request ended with
     * @param operation the kind of request step (spec section 3)
     * @param origin where the request went; only named in the error
     * @param counters the call's budget before this outcome (this outcome is not yet counted)
     * @param policy the call's retry policy
     * @param now the current wall-clock instant (P6); the reference for an HTTP-date without {@code Date}
     * @param random a number in [0, 1) for the jitter (B3, RA3, B4)
     */
    public static Decision decide(
            Outcome outcome,
            Operation operation,
            Origin origin,
            BudgetCounters counters,
            RetryPolicy policy,
            Instant now,
            double random) {
        return decide(outcome, operation, origin, counters, policy, now, random, ComparisonBackoff.FULL, Duration.ZERO);
    }

    /**
     * Like {@link #decide(Outcome, Operation, Origin, BudgetCounters, RetryPolicy, Instant, double)}, but the sleep
     * without Retry-After follows {@code backoff} instead of full jitter (load runs that compare strategies, the
     * exception of B4; anything but {@link ComparisonBackoff#FULL} breaks B4 on purpose). Every other rule is the same.
     *
     * @param backoff the strategy of the sleep without Retry-After
     * @param previousSleep the sleep before this step's previous attempt, zero before the first retry
     *     ({@link ComparisonBackoff#DECORRELATED} grows from it)
     */
    public static Decision decide(
            Outcome outcome,
            Operation operation,
            Origin origin,
            BudgetCounters counters,
            RetryPolicy policy,
            Instant now,
            double random,
            ComparisonBackoff backoff,
            Duration previousSleep) {
        return decide(
                outcome,
                operation,
                origin,
                counters,
                policy,
                now,
                random,
                backoff,
                previousSleep,
                ComparisonRetryAfter.HONOURED);
    }

    /**
     * Like {@link #decide(Outcome, Operation, Origin, BudgetCounters, RetryPolicy, Instant, double, ComparisonBackoff,
     * Duration)}, but a valid Retry-After is waited as {@code retryAfter} says: in full (RA3–RA4), or capped at the
     * article's {@code max_delay} for load runs that compare the two (LB15, RA8). The cap shortens only the wait
     * before a retry: RA4's check is made on the capped wait, RA3's jitter is a tenth of it, and a call that stops
     * still reports, and pauses for, the provider's full value (E4, P1).
     *
     * @param retryAfter how a valid Retry-After is waited
     */
    public static Decision decide(
            Outcome outcome,
            Operation operation,
            Origin origin,
            BudgetCounters counters,
            RetryPolicy policy,
            Instant now,
            double random,
            ComparisonBackoff backoff,
            Duration previousSleep,
            ComparisonRetryAfter retryAfter) {
        Objects.requireNonNull(backoff, "backoff");
        Objects.requireNonNull(previousSleep, "previousSleep");
        Objects.requireNonNull(retryAfter, "retryAfter");
        Backoffs backoffs = new Backoffs(backoff, previousSleep, retryAfter);
        if (outcome instanceof Outcome.HttpResponse response) {
            return decideResponse(response, operation, origin, counters, policy, now, random, backoffs);
        }
        return decideNetworkFailure(
                (Outcome.NetworkFailure) outcome, operation, origin, counters, policy, random, backoffs);
    }

    /**
     * The strategy of the sleep without Retry-After, what it needs to know of the step so far, and how a Retry-After
     * is waited (LB15).
     */
    private record Backoffs(ComparisonBackoff strategy, Duration previousSleep, ComparisonRetryAfter retryAfter) {

        /** B3: the sleep before retry {@code attempts}, or empty when it would end past the budget. */
        Optional<Decision.Retry> retry(int attempts, RetryPolicy policy, long remainingNanos, double random) {
            long sleepNanos = strategy.sleepNanos(attempts, previousSleep, policy, checkedRandom(random));
            if (sleepNanos > remainingNanos) {
                return Optional.empty();
            }
            return Optional.of(new Decision.Retry(
                    Duration.ofNanos(sleepNanos),
                    Duration.ofNanos(strategy.jitterNanos(sleepNanos, attempts, policy))));
        }
    }

    private static Decision decideResponse(
            Outcome.HttpResponse response,
            Operation operation,
            Origin origin,
            BudgetCounters counters,
            RetryPolicy policy,
            Instant now,
            double random,
            Backoffs backoffs) {
        int status = response.status();
        // RH: hints beyond Retry-After are read by WaitHints; a response without any keeps the allocation-free path.
        WaitHints.Reading hints = response.hints().isEmpty()
                ? null
                : WaitHints.read(status, response.retryAfter(), response.date(), response.hints(), now);
        // A1: the application's own requests get their 429 or 5xx as they are, Retry-After untouched, and start
        // no pace (RH9).
        if (operation.returnsStatusAsIs()) {
            return Decision.DELIVER;
        }
        // ST1, ST3: a success or a status that is never retried goes back to the caller, who interprets it.
        if (!Outcome.isRetryableStatus(status)) {
            return deliver(hints, now);
        }
        // RA1, RA2, RA6: only a valid Retry-After on 429/503 counts; RA7: capped at a day. RH2: with other hints,
        // the longest valid wait of them all, a Retry-After for every rule below.
        long retryAfterNanos;
        if (hints == null) {
            long retryAfterSeconds =
                    RetryAfter.seconds(status, response.retryAfter(), response.date(), now.getEpochSecond());
            retryAfterNanos = retryAfterSeconds < 0
                    ? -1
                    : Math.min(retryAfterSeconds, RetryAfter.CAP.getSeconds()) * 1_000_000_000L;
        } else {
            retryAfterNanos = hints.waitTime().map(Duration::toNanos).orElse(-1L);
        }
        boolean hasRetryAfter = retryAfterNanos >= 0;
        // E3: attempts count the failed requests of this step, this one included.
        int attempts = counters.failedInStep() + 1;

        // F1, F2, P3: the operation forbids another attempt (a refresh that may have been processed, the code
        // exchange): stop after this one request, without delay. A Retry-After still starts a pause (P1, P3).
        if (!operation.retriesStatus(status, hasRetryAfter)) {
            return stopServer(origin, status, retryAfterNanos, attempts, counters, now);
        }
        // RH3: the provider said not to retry: stop after this request. Its wait is still reported and starts the
        // pause (P1); "true" never got this far for a status or operation that forbids a retry (ST1, F1, P3, A1).
        if (hints != null && hints.forbidsRetry()) {
            return stopServer(origin, status, retryAfterNanos, attempts, counters, now);
        }
        // B1, RA5: the request after a wait is an attempt like any other; at the limit, stop. A provider that still
        // asks to wait starts a pause (P1).
        if (attemptsRunOut(counters, policy)) {
            return stopServer(origin, status, retryAfterNanos, attempts, counters, now);
        }
        long remainingNanos = remainingNanos(counters, policy);
        if (hasRetryAfter) {
            // LB15: only a load run that compares with the article's client (RA8) waits less than the provider said;
            // every other caller gets the provider's wait in full.
            long waitNanos = backoffs.retryAfter().waitNanos(retryAfterNanos);
            // RA4: never shortened: a wait that does not fit the budget is returned to the application, and the
            // pause starts (P1). Jitter is left out of this check. RA8: maxBackoff does not cap it either.
            if (waitNanos > remainingNanos) {
                return stopServer(origin, status, retryAfterNanos, attempts, counters, now);
            }
            // RA3: up to a tenth of the wait, at most 1 s, and never more than what the budget has left after it.
            long jitterCeiling = Math.min(
                    Math.min(waitNanos / JITTER_DIVISOR, MAX_RETRY_AFTER_JITTER_NANOS), remainingNanos - waitNanos);
            long jitterNanos = (long) (jitterCeiling * checkedRandom(random));
            return new Decision.Retry(Duration.ofNanos(waitNanos + jitterNanos), Duration.ofNanos(jitterNanos));
        }
        // B3: ordinary backoff; a sleep that would end past the budget is not started, retryAfter stays empty (E4).
        Optional<Decision.Retry> backoff = backoffs.retry(attempts, policy, remainingNanos, random);
        if (backoff.isEmpty()) {
            return stopServer(origin, status, -1, attempts, counters, now);
        }
        return backoff.get();
    }

    /** RH9: a delivered response that says nothing is left until a reset paces its origin until then. */
    private static Decision.Deliver deliver(WaitHints.Reading hints, Instant now) {
        if (hints == null || hints.pace().isEmpty() || hints.pace().get().isZero()) {
            return Decision.DELIVER;
        }
        // RH12: the pace covers what the used-up quota names: the origin, the request's model or a named quota.
        return new Decision.Deliver(Optional.of(now.plus(hints.pace().get())), hints.paceScope());
    }

    private static Decision decideNetworkFailure(
            Outcome.NetworkFailure failure,
            Operation operation,
            Origin origin,
            BudgetCounters counters,
            RetryPolicy policy,
            double random,
            Backoffs backoffs) {
        FailureKind kind = failure.kind();
        Optional<String> detail = failure.detail();
        // E3: attempts count the failed requests of this step, this one included.
        int attempts = counters.failedInStep() + 1;
        // TL1: an untrusted, expired or misnamed certificate, or a refused handshake, fails the same way every time.
        if (kind.permanent()) {
            return stopNetwork(origin, kind, detail, attempts, counters);
        }
        // F1, F2, P3: a refresh that may have reached the server, the code exchange and the application's own
        // requests are not resent: the error comes back after this one request.
        if (!operation.retriesNetworkFailure(kind)) {
            return stopNetwork(origin, kind, detail, attempts, counters);
        }
        // ST2, B1: network failures share the attempt limits of statuses.
        if (attemptsRunOut(counters, policy)) {
            return stopNetwork(origin, kind, detail, attempts, counters);
        }
        // B3: full-jitter backoff; a sleep past the budget is not started. P5: no pause, the provider said nothing.
        Optional<Decision.Retry> backoff = backoffs.retry(attempts, policy, remainingNanos(counters, policy), random);
        if (backoff.isEmpty()) {
            return stopNetwork(origin, kind, detail, attempts, counters);
        }
        return backoff.get();
    }

    /** B1: counting this failed request, has the origin or the whole call used all its attempts? */
    private static boolean attemptsRunOut(BudgetCounters counters, RetryPolicy policy) {
        return counters.failedAtOrigin() + 1 >= policy.maxAttemptsPerOrigin()
                || counters.failedInAll() + 1 >= policy.maxTotalAttempts();
    }

    /** Negative once the budget is overspent, so that even a zero sleep is not started then (B1, B3). */
    private static long remainingNanos(BudgetCounters counters, RetryPolicy policy) {
        return policy.totalBudget().toNanos() - counters.elapsed().toNanos();
    }

    private static Decision.Stop stopServer(
            Origin origin, int status, long retryAfterNanos, int attempts, BudgetCounters counters, Instant now) {
        // E4: retryAfter only when the provider said when. P1, P5: only the provider's words start a pause.
        Optional<Duration> retryAfter =
                retryAfterNanos < 0 ? Optional.empty() : Optional.of(Duration.ofNanos(retryAfterNanos));
        // A zero wait asks for no pause at all.
        Optional<Instant> pause = retryAfterNanos > 0 ? Optional.of(now.plusNanos(retryAfterNanos)) : Optional.empty();
        CallFailure.Server server = new CallFailure.Server(status, retryAfter, attempts, counters.elapsed());
        return new Decision.Stop(new CallFailure.Recoverable(origin, server), pause);
    }

    private static Decision.Stop stopNetwork(
            Origin origin, FailureKind kind, Optional<String> detail, int attempts, BudgetCounters counters) {
        return new Decision.Stop(
                new CallFailure.Recoverable(
                        origin, new CallFailure.Network(kind, attempts, counters.elapsed(), detail)),
                Optional.empty());
    }

    private static double checkedRandom(double random) {
        if (!(random >= 0.0 && random < 1.0)) {
            throw new IllegalArgumentException("random must be in [0, 1), was " + random);
        }
        return random;
    }
}
