package dev.stormwatch.retry;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-origin pauses (spec P1–P6): the instant until which a provider asked not to be sent requests, kept in memory
 * (P4) on the injected wall clock (P6), shared by every call of the process. Thread-safe.
 */
public final class OriginPauses {

    /**
     * A running pause's refusal (P2): the status that started the pause and what is left of it.
     *
     * @param status the status of the response that started the pause (429 or 503)
     * @param remaining what is left of the pause, always positive
     */
    public record Refusal(int status, Duration remaining) {
        public Refusal {
            Objects.requireNonNull(remaining, "remaining");
        }

        /** The error a refused request raises: nothing sent, {@code attempts = 0}, retryAfter = remaining (P2). */
        public CallFailure.Recoverable toFailure(Origin origin, Duration elapsed) {
            return new CallFailure.Recoverable(
                    origin, new CallFailure.Server(status, Optional.of(remaining), 0, elapsed));
        }
    }

    /** RH9: a paced origin refuses with the status the provider would have answered once nothing is left. */
    public static final int PACE_STATUS = 429;

    private record Pause(int status, Instant until) {}

    private final Clock clock;
    private final ConcurrentHashMap<Origin, Pause> pauses = new ConcurrentHashMap<>();

    public OriginPauses(Clock clock) {
        this.clock = Objects.requireNonNull(clock, "clock");
    }

    /**
     * Starts (or lengthens) the pause of an origin until the given instant (P1). A shorter pause never shortens a
     * running one: the provider's latest promise to refuse stands until its end.
     */
    public void start(Origin origin, int status, Instant until) {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(until, "until");
        pauses.merge(origin, new Pause(status, until), (old, neu) -> neu.until().isAfter(old.until()) ? neu : old);
    }

    /**
     * Paces an origin whose provider said nothing is left until {@code until} (RH9): a pause like P1's, refused as
     * the 429 the provider promised (P2). A running longer pause is kept.
     */
    public void pace(Origin origin, Instant until) {
        start(origin, PACE_STATUS, until);
    }

    /** The refusal while the origin is paused; empty from the pause's end instant on (P2). */
    public Optional<Refusal> check(Origin origin) {
        Pause pause = pauses.get(origin);
        if (pause == null) {
            return Optional.empty();
        }
        Instant now = clock.instant();
        if (!now.isBefore(pause.until())) {
            pauses.remove(origin, pause); // ended: forget it, unless another thread just replaced it
            return Optional.empty();
        }
        return Optional.of(new Refusal(pause.status(), Duration.between(now, pause.until())));
    }

    /** The end of the origin's running pause, if any. */
    public Optional<Instant> pausedUntil(Origin origin) {
        Pause pause = pauses.get(origin);
        return pause != null && clock.instant().isBefore(pause.until()) ? Optional.of(pause.until()) : Optional.empty();
    }
}
