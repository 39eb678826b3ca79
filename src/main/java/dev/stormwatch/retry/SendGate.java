package dev.stormwatch.retry;

import java.time.Clock;
import java.time.Duration;
import java.util.Objects;
import java.util.Optional;
import java.util.function.DoubleSupplier;

/**
 * What happens before an attempt goes on the wire (spec P2, RH9, RH11, RH12, RH13), one decision for the blocking
 * and the asynchronous executor: send it, wait first (a pace that fits the budget, or the adaptive send rate), or
 * refuse it without sending. {@link #decide} is the pure rule; an instance adds the two things it reads, the process's
 * {@link OriginPauses} and the client's optional {@link AdaptiveSendRate}. Nothing here sleeps.
 */
public final class SendGate {

    /** RA3's jitter, applied to a pace's wait as to a Retry-After's: at most a tenth of it... */
    private static final long JITTER_DIVISOR = 10;
    /** ...and at most one second. */
    private static final long MAX_JITTER_NANOS = Duration.ofSeconds(1).toNanos();

    /** What to do with the attempt. */
    public sealed interface Verdict permits Send, Wait, Refuse {}

    /** Send it now. */
    public record Send() implements Verdict {}

    /** Send now. */
    public static final Send SEND = new Send();

    /**
     * Wait, then ask again: the hold may have grown meanwhile (RH11, RH13).
     *
     * @param delay how long, jitter included
     * @param reason why
     * @param pace for {@link Reason#PACE}, what the pace covers (RH12)
     */
    public record Wait(Duration delay, Reason reason, Optional<PaceScope.PaceKey> pace) implements Verdict {
        public Wait {
            Objects.requireNonNull(delay, "delay");
            Objects.requireNonNull(reason, "reason");
            Objects.requireNonNull(pace, "pace");
        }

        /** For the timeline: {@code pace of model gpt-4o (RH13)}, {@code adaptive send rate (RH11)}. */
        public String describe() {
            return reason == Reason.PACE
                    ? "pace of " + pace.map(PaceScope.PaceKey::describe).orElse("the origin") + " (RH13)"
                    : "adaptive send rate (RH11)";
        }
    }

    /** Why an attempt waits before it is sent. */
    public enum Reason {
        /** The provider said nothing is left until a reset, and the reset fits the budget (RH13). */
        PACE,
        /** The adaptive send rate has no token yet (RH11). */
        SEND_RATE
    }

    /** Refuse it: nothing is sent (P2). */
    public record Refuse(OriginPauses.Refusal refusal) implements Verdict {
        public Refuse {
            Objects.requireNonNull(refusal, "refusal");
        }
    }

    private final OriginPauses pauses;
    private final Optional<AdaptiveSendRate> sendRate;
    private final Clock clock;

    /** A gate over the process's pauses and, when the client paces adaptively, its send rate (RH11). */
    public SendGate(OriginPauses pauses, Optional<AdaptiveSendRate> sendRate, Clock clock) {
        this.pauses = Objects.requireNonNull(pauses, "pauses");
        this.sendRate = Objects.requireNonNull(sendRate, "sendRate");
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Decides for one attempt: the pure rule on what the pauses hold, then, when it may go, the adaptive rate's
     * token (taken only then, so a refused or waiting attempt spends none).
     *
     * @param random numbers in [0, 1) for a pace's jitter; asked only when a pace is waited out
     */
    public Verdict beforeSend(
            Operation operation, Origin origin, PaceScope.PaceTarget target, CallBudget budget, DoubleSupplier random) {
        Optional<OriginPauses.Refusal> hold = operation.checksPause() ? pauses.check(origin, target) : Optional.empty();
        Verdict verdict = hold.isEmpty() ? SEND : decide(operation, hold, budget.remaining(), random.getAsDouble());
        if (verdict instanceof Send && sendRate.isPresent()) {
            // RH11: the adaptive bucket only adds waits; the pause is checked again when the wait is over.
            Duration wait = sendRate.get().acquire(clock.instant());
            if (!wait.isZero()) {
                return new Wait(wait, Reason.SEND_RATE, Optional.empty());
            }
        }
        return verdict;
    }

    /**
     * The pure rule on a hold (P2, P3, P7, RH13).
     *
     * @param operation the kind of step: the code exchange and the application's own requests are never held (P3, P7)
     * @param hold the longest pause or pace on this request, if any
     * @param budgetLeft what is left of the call's time budget (B1)
     * @param random a number in [0, 1) for the jitter
     */
    public static Verdict decide(
            Operation operation, Optional<OriginPauses.Refusal> hold, Duration budgetLeft, double random) {
        Objects.requireNonNull(hold, "hold");
        // P3, P7: the code exchange and the application's own requests are never held.
        if (!operation.checksPause() || hold.isEmpty()) {
            return SEND;
        }
        OriginPauses.Refusal refusal = hold.get();
        // P2: a pause that an error started refuses at once: the provider already answered with an error.
        if (refusal.pace().isEmpty()) {
            return new Refuse(refusal);
        }
        long waitNanos = refusal.remaining().toNanos();
        long leftNanos = budgetLeft.toNanos();
        // RH13, as RA4: a pace that ends past the budget is not waited out; the call learns when to come back.
        if (waitNanos > leftNanos) {
            return new Refuse(refusal);
        }
        if (!(random >= 0.0 && random < 1.0)) {
            throw new IllegalArgumentException("random must be in [0, 1), was " + random);
        }
        // RH13, as RA3: a jitter of up to a tenth of the wait, at most 1 s and never past the budget, so that the
        // callers held by one pace do not all arrive in the reset's first millisecond.
        long jitterCeiling = Math.min(Math.min(waitNanos / JITTER_DIVISOR, MAX_JITTER_NANOS), leftNanos - waitNanos);
        long jitterNanos = (long) (jitterCeiling * random);
        return new Wait(Duration.ofNanos(waitNanos + jitterNanos), Reason.PACE, refusal.pace());
    }
}
