package dev.stormwatch.app.timeline;

import dev.stormwatch.http.AttemptEvent;
import dev.stormwatch.http.AttemptEvent.Verdict;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * Attempt events for the timeline's view tests: a first attempt of a read, with what those tests vary (when, where,
 * what came back, what the client did, a pause it started, the Retry-After sent) and two attempts and 10 s left.
 */
final class Attempts {

    private Attempts() {}

    static AttemptEvent attempt(
            Instant at,
            String origin,
            OptionalInt status,
            Verdict verdict,
            Optional<Instant> pauseUntil,
            List<String> retryAfter) {
        return numbered(1, at, origin, status, verdict, pauseUntil, retryAfter);
    }

    /** As {@link #attempt}, numbered {@code attempt}: 0 for a step that ended before anything was sent. */
    static AttemptEvent numbered(
            int attempt,
            Instant at,
            String origin,
            OptionalInt status,
            Verdict verdict,
            Optional<Instant> pauseUntil,
            List<String> retryAfter) {
        return new AttemptEvent(
                at,
                Origin.of(origin),
                "userinfo",
                Operation.READ,
                attempt,
                status,
                Optional.empty(),
                retryAfter,
                retryAfter.isEmpty() ? Optional.empty() : Optional.of(Duration.ofSeconds(2)),
                Optional.empty(),
                Optional.empty(),
                new AttemptEvent.BudgetLeft(2, Duration.ofSeconds(10)),
                pauseUntil,
                verdict);
    }

    static AttemptEvent attempt(Instant at, String origin, OptionalInt status, Verdict verdict) {
        return attempt(at, origin, status, verdict, Optional.empty(), List.of());
    }
}
