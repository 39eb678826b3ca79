package dev.stormwatch.retry;

import java.util.List;
import java.util.Objects;
import java.util.Optional;

/** What one request ended with: an HTTP response, or a network failure with no response (spec ST1, ST2). */
public sealed interface Outcome permits Outcome.HttpResponse, Outcome.NetworkFailure {

    /** ST1: the retryable statuses; every other status is returned at once. */
    static boolean isRetryableStatus(int status) {
        return switch (status) {
            case 408, 425, 429, 500, 502, 503, 504 -> true;
            default -> false;
        };
    }

    /**
     * An HTTP response, reduced to what the retry decision reads.
     *
     * @param retryAfter every {@code Retry-After} value, in order (may be empty)
     * @param date the {@code Date} header, or null
     * @param hints the other wait and quota hints of the response (RH), {@link HintHeaders#NONE} when none
     */
    record HttpResponse(int status, List<String> retryAfter, String date, HintHeaders hints) implements Outcome {
        public HttpResponse {
            Objects.requireNonNull(retryAfter, "retryAfter");
            Objects.requireNonNull(hints, "hints");
        }

        /** A response whose only hint is Retry-After. */
        public HttpResponse(int status, List<String> retryAfter, String date) {
            this(status, retryAfter, date, HintHeaders.NONE);
        }

        /** A response without Retry-After nor Date. */
        public static HttpResponse of(int status) {
            return new HttpResponse(status, List.of(), null);
        }

        /** A response with one Retry-After value and no Date. */
        public static HttpResponse withRetryAfter(int status, String retryAfter) {
            return new HttpResponse(status, List.of(retryAfter), null);
        }
    }

    /** No HTTP response: the request failed on the network. */
    record NetworkFailure(FailureKind kind, Optional<String> detail) implements Outcome {
        public NetworkFailure {
            Objects.requireNonNull(kind, "kind");
            Objects.requireNonNull(detail, "detail");
        }

        /** A failure with nothing more to say than its kind. */
        public NetworkFailure(FailureKind kind) {
            this(kind, Optional.empty());
        }
    }

    /** True when this outcome is a failed request: a retryable status (ST1) or a network failure (ST2). */
    default boolean isFailedRequest() {
        return this instanceof NetworkFailure || isRetryableStatus(((HttpResponse) this).status());
    }
}
