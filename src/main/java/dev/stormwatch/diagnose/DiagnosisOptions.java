package dev.stormwatch.diagnose;

import java.time.Duration;
import java.util.List;
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
 * @param throttledFields marks of throttling besides the status, each {@code field=value} (DG9): the request was
 *     throttled when the field (of a JSON line, a dotted path) holds the value, alone or in a comma list, such as
 *     Envoy's {@code response_flags=RL}
 * @param seed the seed of the what-if replay's random numbers (DG14): the same evidence and seed give the same figures
 * @param quotaPerSecond the what-if server's quota (DG15); 0 to estimate it from the evidence
 */
public record DiagnosisOptions(
        Duration tolerance,
        Set<Integer> throttleStatuses,
        Duration retryWindow,
        List<String> throttledFields,
        long seed,
        int quotaPerSecond) {

    /** DG1: the default tolerance. */
    public static final Duration DEFAULT_TOLERANCE = Duration.ofMillis(100);
    /** DG2: the default retry window. */
    public static final Duration DEFAULT_RETRY_WINDOW = Duration.ofMinutes(10);
    /** DG14: the what-if's seed when none is given, so that a plain run prints the same figures every time. */
    public static final long DEFAULT_SEED = 2015;
    /** The defaults: 100 ms tolerance, only 429 means throttled, 10-minute retry window. */
    public static final DiagnosisOptions DEFAULTS =
            new DiagnosisOptions(DEFAULT_TOLERANCE, Set.of(), DEFAULT_RETRY_WINDOW);

    /** Options with no throttle mark but the statuses, the default seed and an estimated quota. */
    public DiagnosisOptions(Duration tolerance, Set<Integer> throttleStatuses, Duration retryWindow) {
        this(tolerance, throttleStatuses, retryWindow, List.of(), DEFAULT_SEED, 0);
    }

    public DiagnosisOptions {
        Objects.requireNonNull(tolerance, "tolerance");
        Objects.requireNonNull(retryWindow, "retryWindow");
        throttledFields = List.copyOf(throttledFields);
        if (quotaPerSecond < 0) {
            throw new IllegalArgumentException("the quota cannot be negative: " + quotaPerSecond);
        }
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

    /** A copy with the what-if's seed and quota (0: estimated). */
    public DiagnosisOptions withWhatIf(long newSeed, int newQuotaPerSecond) {
        return new DiagnosisOptions(
                tolerance, throttleStatuses, retryWindow, throttledFields, newSeed, newQuotaPerSecond);
    }

    /** A copy with these marks of throttling besides the status ({@code field=value}). */
    public DiagnosisOptions withThrottledFields(List<String> fields) {
        return new DiagnosisOptions(tolerance, throttleStatuses, retryWindow, fields, seed, quotaPerSecond);
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
