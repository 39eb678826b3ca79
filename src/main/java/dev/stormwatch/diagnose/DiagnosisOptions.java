package dev.stormwatch.diagnose;

import java.time.Duration;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The knobs of a diagnosis.
 *
 * @param tolerance how much earlier than Retry-After allowed a retry may start and still count as on time (DG1): it
 *     absorbs the resolution of log timestamps; default 100 ms
 * @param throttleStatuses statuses that mean "throttled" besides 429 (DG9), e.g. 503 for nginx {@code limit_req}'s
 *     default or 500 for Apigee
 * @param retryWindow how long after a failed answer a request for the same thing still counts as its retry (DG2)
 */
public record DiagnosisOptions(Duration tolerance, Set<Integer> throttleStatuses, Duration retryWindow) {

    /** DG1: the default tolerance. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofMillis(100);
    /** DG2: the default retry window. */
    public static final Duration DEFAULT_RETRY_WINDOW = Duration.ofMinutes(10);
    /** The defaults: 100 ms tolerance, only 429 means throttled, 10-minute retry window. */
    public static final DiagnosisOptions DEFAULTS = new DiagnosisOptions(DEFAULT_TOLERANCE, Set.of(),
            DEFAULT_RETRY_WINDOW);

    public DiagnosisOptions {
        Objects.requireNonNull(tolerance, "tolerance");
        Objects.requireNonNull(retryWindow, "retryWindow");
        if (tolerance.isNegative()) {
            throw new IllegalArgumentException("the tolerance cannot be negative: " + tolerance);
        }
        if (retryWindow.isNegative() || retryWindow.isZero()) {
            throw new IllegalArgumentException("the retry window must be positive: " + retryWindow);
        }
        TreeSet<Integer> statuses = new TreeSet<>(throttleStatuses);
        statuses.add(429);
        throttleStatuses = Set.copyOf(statuses);
    }

    /** DG9: whether a status means the server throttled the client. */
    public boolean isThrottled(int status) {
        return throttleStatuses.contains(status);
    }

    /**
     * DG2: whether a request after this answer, for the same thing, is a retry: the retryable statuses of ST1, the
     * named throttle statuses, and 0 (no answer: a network failure, ST2).
     */
    public boolean isRetryableFailure(int status) {
        return switch (status) {
            case 0, 408, 425, 429, 500, 502, 503, 504 -> true;
            default -> throttleStatuses.contains(status);
        };
    }
}
