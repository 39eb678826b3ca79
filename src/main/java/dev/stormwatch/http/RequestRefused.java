package dev.stormwatch.http;

import java.time.Duration;
import java.time.Instant;
import java.util.Objects;

/**
 * The resilient client refused to send a request, so nothing went on the wire for it (spec RC5, RC7). Distinct from
 * {@link dev.stormwatch.retry.CallFailure.Recoverable}, which says what the provider or the network did.
 */
public abstract sealed class RequestRefused extends RuntimeException
        permits RequestRefused.RateLimited, RequestRefused.DeadlineExpired {

    private RequestRefused(String message) {
        super(message, null, false, false); // an expected outcome under load: no stack trace to fill
    }

    /** Failed requests the call had already made before the refusal (0 when refused before the first one). */
    public abstract int attemptsSent();

    /**
     * RC7: the rate limiter in front of the client refused: instead of a predictable 429, the caller learns when a
     * request would be allowed.
     */
    public static final class RateLimited extends RequestRefused {
        private final String model;
        private final Instant retryAt;
        private final Duration retryAfter;
        private final int attemptsSent;

        public RateLimited(String model, Instant retryAt, Duration retryAfter, int attemptsSent) {
            super("The rate limit for model '" + model + "' is reached; nothing was sent. A request will be allowed at "
                    + retryAt + " (in " + retryAfter.toMillis() + " ms).");
            this.model = Objects.requireNonNull(model, "model");
            this.retryAt = Objects.requireNonNull(retryAt, "retryAt");
            this.retryAfter = Objects.requireNonNull(retryAfter, "retryAfter");
            this.attemptsSent = attemptsSent;
        }

        /** The model route whose limit was reached. */
        public String model() {
            return model;
        }

        /**
         * When a request would be allowed, on the caller's clock: the client's now plus {@link #retryAfter()}, since
         * the limiter's own retry-at is on Redis {@code TIME}, which may disagree with the caller's (L3, L4).
         */
        public Instant retryAt() {
            return retryAt;
        }

        /** How long until {@link #retryAt()} as the limiter saw it when it refused. */
        public Duration retryAfter() {
            return retryAfter;
        }

        @Override
        public int attemptsSent() {
            return attemptsSent;
        }
    }

    /** RC5: the call's deadline passed before this attempt, so it was not sent. */
    public static final class DeadlineExpired extends RequestRefused {
        private final Instant deadline;
        private final int attemptsSent;

        public DeadlineExpired(Instant deadline, int attemptsSent) {
            super("The request's deadline " + deadline + " has passed; nothing more was sent after " + attemptsSent
                    + " attempt" + (attemptsSent == 1 ? "" : "s") + ". Give the call a later deadline.");
            this.deadline = Objects.requireNonNull(deadline, "deadline");
            this.attemptsSent = attemptsSent;
        }

        /** The deadline that passed. */
        public Instant deadline() {
            return deadline;
        }

        @Override
        public int attemptsSent() {
            return attemptsSent;
        }
    }
}
