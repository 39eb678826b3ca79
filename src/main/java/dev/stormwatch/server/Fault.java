package dev.stormwatch.server;

import java.time.Duration;
import java.util.Objects;
import java.util.Optional;

/**
 * What a server does wrong, on purpose, for one response: the fault vocabulary shared by the demo provider and the
 * relay (in the manner of OkHttp's {@code SocketPolicy}). Each kind names what it simulates.
 */
public sealed interface Fault {

    /** A name for reports and the admin endpoint, e.g. {@code 429} or {@code reset}. */
    String kind();

    /**
     * Simulates a provider shedding load: 429 or 503, not processed, with {@code Retry-After} as delta-seconds or an
     * HTTP-date (RFC 9110 §10.2.3) and a correct, missing or skewed {@code Date}; no {@code Retry-After} when empty.
     */
    record Throttle(int status, Optional<Duration> retryAfter, RetryAfterForm form, DateHeader date) implements Fault {
        public Throttle {
            if (status != 429 && status != 503) {
                throw new InvalidFaultSpec("a throttle answers 429 or 503, not " + status);
            }
            Objects.requireNonNull(retryAfter, "retryAfter");
            retryAfter.ifPresent(d -> {
                if (d.isNegative()) {
                    throw new InvalidFaultSpec("retry-after must not be negative");
                }
            });
            Objects.requireNonNull(form, "form");
            Objects.requireNonNull(date, "date");
        }

        /** 429 or 503 with {@code Retry-After: seconds} and a correct {@code Date}. */
        public static Throttle seconds(int status, Duration retryAfter) {
            return new Throttle(status, Optional.of(retryAfter), RetryAfterForm.SECONDS, DateHeader.CORRECT);
        }

        @Override
        public String kind() {
            return Integer.toString(status);
        }
    }

    /** Simulates a failing upstream or gateway: 500, 502 or 504, not processed, no {@code Retry-After}. */
    record ServerError(int status) implements Fault {
        public ServerError {
            if (status != 500 && status != 502 && status != 504) {
                throw new InvalidFaultSpec("a server error is 500, 502 or 504 (use a throttle for 503), not " + status);
            }
        }

        @Override
        public String kind() {
            return Integer.toString(status);
        }
    }

    /** Simulates a slow network or a busy server: the request is processed and answered after {@code delay}. */
    record Delay(Duration delay) implements Fault {
        public Delay {
            if (delay.isNegative()) {
                throw new InvalidFaultSpec("delay must not be negative");
            }
        }

        @Override
        public String kind() {
            return "delay";
        }
    }

    /** Simulates a connection dropped before the response: a TCP reset; the request is not processed. */
    record ResetBeforeResponse() implements Fault {
        @Override
        public String kind() {
            return "reset";
        }
    }

    /** Simulates a congested link: the request is processed, headers come at once, the body dribbles over {@code total}. */
    record SlowBody(Duration total) implements Fault {
        public SlowBody {
            if (total.isNegative()) {
                throw new InvalidFaultSpec("slow-body duration must not be negative");
            }
        }

        @Override
        public String kind() {
            return "slow-body";
        }
    }

    /** Simulates a broken proxy or a truncated reply: 200 with a JSON content type and a body that does not parse. */
    record MalformedJson() implements Fault {
        @Override
        public String kind() {
            return "malformed-json";
        }
    }

    /**
     * Simulates the worst case for a non-idempotent call: the request is processed (a refresh token rotates) and then
     * the connection is reset, so the client never learns the outcome (retry-semantics F1).
     */
    record ProcessThenReset() implements Fault {
        @Override
        public String kind() {
            return "process-then-reset";
        }
    }

    /** The two forms of {@code Retry-After} (RFC 9110 §10.2.3). */
    enum RetryAfterForm {
        SECONDS,
        HTTP_DATE
    }

    /** The {@code Date} header that goes with a throttle: correct, missing, or off by {@code skew}. */
    record DateHeader(Mode mode, Duration skew) {
        public static final DateHeader CORRECT = new DateHeader(Mode.CORRECT, Duration.ZERO);
        public static final DateHeader MISSING = new DateHeader(Mode.MISSING, Duration.ZERO);

        /** A {@code Date} that is {@code skew} ahead of the server's clock (negative: behind). */
        public static DateHeader skewed(Duration skew) {
            return new DateHeader(Mode.SKEWED, skew);
        }

        /** Whether and how the {@code Date} header is sent. */
        public enum Mode {
            CORRECT,
            MISSING,
            SKEWED
        }
    }
}
