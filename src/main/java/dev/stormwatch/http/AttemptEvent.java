package dev.stormwatch.http;

import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * One request attempt as the retry executor saw it, for the request timeline and the CLI's JSON output:
 * what was sent where, what came back, and what the retry engine decided (spec RA, B, P).
 *
 * @param at when the attempt ended (wall clock)
 * @param origin where the request went
 * @param step the request step, for example {@code discovery} or {@code token}
 * @param attempt 1 for the first request of the step; 0 when a pause refused the step before sending (P2); for
 *     {@link Verdict#PACED}, the attempt that waits
 * @param status the HTTP status, empty for a network failure or a refusal
 * @param failure the kind of network failure, empty when a response came back
 * @param rawRetryAfter the Retry-After values exactly as received (may be empty)
 * @param retryAfter the wait the response asks for (RA1–RA7; with other hints the longest valid one, RH2), empty
 *     when absent or ignored; for a delivered response, its pace (RH9)
 * @param delay the sleep chosen before the next attempt, empty when there is none
 * @param jitter the random share of {@code delay}
 * @param budgetLeft what the visible call has left after this attempt
 * @param pauseStarted the end of the origin's pause when this attempt started one (P1)
 * @param verdict what happens next
 * @param waitHint the hint whose wait decided, with its rule, for example {@code retry-after-ms: 1500 (RH1)}; empty
 *     when no hint asked for a wait
 * @param connection the connection the attempt was written on, and why (CN1, CN2)
 * @param proxy the http proxy the attempt went through, as {@code host:port} without credentials (PX8); empty when
 *     it went direct or the transport does not say
 */
public record AttemptEvent(
        Instant at,
        Origin origin,
        String step,
        Operation operation,
        int attempt,
        OptionalInt status,
        Optional<FailureKind> failure,
        List<String> rawRetryAfter,
        Optional<Duration> retryAfter,
        Optional<Duration> delay,
        Optional<Duration> jitter,
        BudgetLeft budgetLeft,
        Optional<Instant> pauseStarted,
        Verdict verdict,
        Optional<String> waitHint,
        ConnectionUse connection,
        Optional<String> proxy) {

    public AttemptEvent {
        Objects.requireNonNull(at, "at");
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(step, "step");
        Objects.requireNonNull(operation, "operation");
        Objects.requireNonNull(status, "status");
        Objects.requireNonNull(failure, "failure");
        rawRetryAfter =
                List.copyOf(rawRetryAfter.stream().map(v -> v == null ? "" : v).toList());
        Objects.requireNonNull(retryAfter, "retryAfter");
        Objects.requireNonNull(delay, "delay");
        Objects.requireNonNull(jitter, "jitter");
        Objects.requireNonNull(budgetLeft, "budgetLeft");
        Objects.requireNonNull(pauseStarted, "pauseStarted");
        Objects.requireNonNull(verdict, "verdict");
        Objects.requireNonNull(waitHint, "waitHint");
        Objects.requireNonNull(connection, "connection");
        Objects.requireNonNull(proxy, "proxy");
    }

    /** An event from a transport that does not say which proxy carried it (or that sent it direct). */
    public AttemptEvent(
            Instant at,
            Origin origin,
            String step,
            Operation operation,
            int attempt,
            OptionalInt status,
            Optional<FailureKind> failure,
            List<String> rawRetryAfter,
            Optional<Duration> retryAfter,
            Optional<Duration> delay,
            Optional<Duration> jitter,
            BudgetLeft budgetLeft,
            Optional<Instant> pauseStarted,
            Verdict verdict,
            Optional<String> waitHint,
            ConnectionUse connection) {
        this(
                at,
                origin,
                step,
                operation,
                attempt,
                status,
                failure,
                rawRetryAfter,
                retryAfter,
                delay,
                jitter,
                budgetLeft,
                pauseStarted,
                verdict,
                waitHint,
                connection,
                Optional.empty());
    }

    /** An event with a deciding hint, from a transport that does not say which connection carried it. */
    public AttemptEvent(
            Instant at,
            Origin origin,
            String step,
            Operation operation,
            int attempt,
            OptionalInt status,
            Optional<FailureKind> failure,
            List<String> rawRetryAfter,
            Optional<Duration> retryAfter,
            Optional<Duration> delay,
            Optional<Duration> jitter,
            BudgetLeft budgetLeft,
            Optional<Instant> pauseStarted,
            Verdict verdict,
            Optional<String> waitHint) {
        this(
                at,
                origin,
                step,
                operation,
                attempt,
                status,
                failure,
                rawRetryAfter,
                retryAfter,
                delay,
                jitter,
                budgetLeft,
                pauseStarted,
                verdict,
                waitHint,
                ConnectionUse.UNRECORDED);
    }

    /** An event without a deciding hint, from a transport that does not say which connection carried it. */
    public AttemptEvent(
            Instant at,
            Origin origin,
            String step,
            Operation operation,
            int attempt,
            OptionalInt status,
            Optional<FailureKind> failure,
            List<String> rawRetryAfter,
            Optional<Duration> retryAfter,
            Optional<Duration> delay,
            Optional<Duration> jitter,
            BudgetLeft budgetLeft,
            Optional<Instant> pauseStarted,
            Verdict verdict) {
        this(
                at,
                origin,
                step,
                operation,
                attempt,
                status,
                failure,
                rawRetryAfter,
                retryAfter,
                delay,
                jitter,
                budgetLeft,
                pauseStarted,
                verdict,
                Optional.empty(),
                ConnectionUse.UNRECORDED);
    }

    /**
     * Whether the attempt this event reports went on the wire: not a step a pause refused (P2), an attempt the rate
     * limiter refused (RC7), nor one still waiting its pace (RH11, RH13).
     */
    public boolean sent() {
        return attempt > 0
                && switch (verdict) {
                    case RETRY, DELIVER, STOP -> true;
                    case REFUSED_BY_PAUSE, REFUSED_BY_LIMITER, PACED -> false;
                };
    }

    /** Whether the attempt this event reports is a retry that went on the wire: a sent attempt after the first (L8). */
    public boolean sentRetry() {
        return sent() && attempt > 1;
    }

    /**
     * What a visible call has left of its budget (B1).
     *
     * @param attemptsAtOrigin failed requests the origin may still make
     * @param time time left in the budget
     */
    public record BudgetLeft(int attemptsAtOrigin, Duration time) {}

    /** What the executor did after the attempt. */
    public enum Verdict {
        /** Sleeping {@code delay}, then sending again. */
        RETRY,
        /** The response went back to the caller. */
        DELIVER,
        /** The step failed with a typed error. */
        STOP,
        /** A running pause refused the step; nothing was sent (P2). */
        REFUSED_BY_PAUSE,
        /** The rate limiter in front of the resilient client refused the attempt; nothing was sent (RC7). */
        REFUSED_BY_LIMITER,
        /**
         * The attempt waits {@code delay} before it is sent: a pace that fits the budget (RH13) or the adaptive send
         * rate (RH11), named in {@code waitHint}; nothing was sent yet, and {@code attempt} is the one that waits.
         */
        PACED
    }
}
