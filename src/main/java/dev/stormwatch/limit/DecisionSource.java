package dev.stormwatch.limit;

/** Who took a decision: the configured backend, or one of the failure modes while Redis was unreachable (spec L9). */
public enum DecisionSource {
    /** The configured backend (Redis, or the in-memory limiter when that is what was configured). */
    BACKEND,
    /** Redis unreachable, mode {@link FailureMode#FAIL_CLOSED}: refused without asking anyone. */
    FAIL_CLOSED,
    /** Redis unreachable, mode {@link FailureMode#FAIL_OPEN}: allowed and counted, without a limit. */
    FAIL_OPEN,
    /** Redis unreachable, mode {@link FailureMode#LOCAL_FALLBACK}: decided by this process's in-memory limiter. */
    LOCAL_FALLBACK
}
