package dev.stormwatch.retry;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;

/** What to do after one request: retry after a delay, stop with an error, or deliver the response (spec B, RA, F). */
public sealed interface Decision permits Decision.Retry, Decision.Stop, Decision.Deliver {

    /** Deliver, and start no pace. */
    Deliver DELIVER = new Deliver(Optional.empty());

    /**
     * Sleep {@code delay}, then send the request again.
     *
     * @param delay the whole sleep: the Retry-After wait plus its jitter (RA3), or the full-jitter backoff (B3)
     * @param jitter the random share of {@code delay}; for full-jitter backoff the whole delay is random
     */
    record Retry(Duration delay, Duration jitter) implements Decision {
        public Retry {
            Objects.requireNonNull(delay, "delay");
            Objects.requireNonNull(jitter, "jitter");
        }
    }

    /**
     * Stop retrying: the request step fails with {@code failure}.
     *
     * @param pauseUntil when present, the origin's pause to start (P1): the instant the provider will accept again
     */
    record Stop(CallFailure.Recoverable failure, Optional<Instant> pauseUntil) implements Decision {
        public Stop {
            Objects.requireNonNull(failure, "failure");
            Objects.requireNonNull(pauseUntil, "pauseUntil");
        }
    }

    /**
     * Hand the response to the caller: a success, a status that is never retried (ST1, ST3: the caller interprets
     * a 400 {@code invalid_grant} or a 401), or the application's own 429/5xx returned as it is (A1).
     *
     * @param paceUntil when present, the provider said nothing is left until then: the origin's pace to start (RH9)
     * @param paceScope what the pace covers on the origin (RH12)
     */
    record Deliver(Optional<Instant> paceUntil, PaceScope paceScope) implements Decision {
        public Deliver {
            Objects.requireNonNull(paceUntil, "paceUntil");
            Objects.requireNonNull(paceScope, "paceScope");
        }

        /** A delivery whose pace, if any, covers the whole origin. */
        public Deliver(Optional<Instant> paceUntil) {
            this(paceUntil, PaceScope.ORIGIN);
        }
    }
}
