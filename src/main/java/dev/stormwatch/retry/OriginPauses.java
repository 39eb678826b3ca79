package dev.stormwatch.retry;

import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Per-origin pauses (spec P1–P6) and paces (RH9, RH12, narrower where the provider's quota is): the instant until which a provider asked not to be sent requests, kept in memory
 * (P4) on the injected wall clock (P6), shared by every call of the process. Thread-safe.
 */
public final class OriginPauses {

    /**
     * A running pause's refusal (P2): the status that started the pause and what is left of it.
     *
     * @param status the status of the response that started the pause (429 or 503)
     * @param remaining what is left of the pause, always positive
     * @param pace when the longest hold is a pace (RH9), what it covers (RH12); a request may wait it out (RH13).
     *     Empty for a pause that an error started (P1), which refuses (P2)
     */
    public record Refusal(int status, Duration remaining, Optional<PaceScope.PaceKey> pace) {
        public Refusal {
            Objects.requireNonNull(remaining, "remaining");
            Objects.requireNonNull(pace, "pace");
        }

        /** The refusal of a pause that an error started (P1, P2). */
        public Refusal(int status, Duration remaining) {
            this(status, remaining, Optional.empty());
        }

        /** The error a refused request raises: nothing sent, {@code attempts = 0}, retryAfter = remaining (P2). */
        public CallFailure.Recoverable toFailure(Origin origin, Duration elapsed) {
            return new CallFailure.Recoverable(
                    origin, new CallFailure.Server(status, Optional.of(remaining), 0, elapsed));
        }
    }

    /** RH9: a paced origin refuses with the status the provider would have answered once nothing is left. */
    public static final int PACE_STATUS = 429;

    /** A pause of a whole origin; {@code paced} when a used-up quota started it (RH9), not an error (P1). */
    private record Pause(int status, Instant until, boolean paced) {}

    private final Clock clock;
    private final ConcurrentHashMap<Origin, Pause> pauses = new ConcurrentHashMap<>();
    /** RH12: paces narrower than their origin, per origin: a model's, or a named quota's on one route. */
    private final ConcurrentHashMap<Origin, ConcurrentHashMap<PaceScope.PaceKey, Instant>> scoped =
            new ConcurrentHashMap<>();

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
        startWhole(origin, new Pause(status, until, false));
    }

    private void startWhole(Origin origin, Pause pause) {
        pauses.merge(origin, pause, (old, neu) -> neu.until().isAfter(old.until()) ? neu : old);
    }

    /**
     * Paces an origin whose provider said nothing is left until {@code until} (RH9): a pause like P1's, refused as
     * the 429 the provider promised (P2). A running longer pause is kept.
     */
    public void pace(Origin origin, Instant until) {
        pace(origin, PaceScope.PaceKey.ORIGIN, until);
    }

    /**
     * Paces the part of an origin that {@code key} covers (RH9, RH12): the whole origin, the requests naming one
     * model, or one route of a named quota. A running longer pace of the same key is kept.
     */
    public void pace(Origin origin, PaceScope.PaceKey key, Instant until) {
        Objects.requireNonNull(origin, "origin");
        Objects.requireNonNull(key, "key");
        Objects.requireNonNull(until, "until");
        if (key.kind() == PaceScope.Kind.ORIGIN) {
            startWhole(origin, new Pause(PACE_STATUS, until, true));
            return;
        }
        scoped.computeIfAbsent(origin, o -> new ConcurrentHashMap<>())
                .merge(key, until, (old, neu) -> neu.isAfter(old) ? neu : old);
    }

    /** The refusal while the whole origin is paused; empty from the pause's end instant on (P2). */
    public Optional<Refusal> check(Origin origin) {
        return check(origin, PaceScope.PaceTarget.UNKNOWN);
    }

    /**
     * The refusal while the origin, or a pace that covers this request (RH12), holds it; the longest hold decides,
     * so no request goes out before any hold on it ends. Empty from the end instant on (P2).
     */
    public Optional<Refusal> check(Origin origin, PaceScope.PaceTarget target) {
        Instant now = clock.instant();
        Refusal longest = null;
        Pause pause = pauses.get(origin);
        if (pause != null) {
            if (!now.isBefore(pause.until())) {
                pauses.remove(origin, pause); // ended: forget it, unless another thread just replaced it
            } else {
                longest = new Refusal(
                        pause.status(),
                        Duration.between(now, pause.until()),
                        pause.paced() ? Optional.of(PaceScope.PaceKey.ORIGIN) : Optional.empty());
            }
        }
        ConcurrentHashMap<PaceScope.PaceKey, Instant> narrower = scoped.get(origin);
        if (narrower != null) {
            for (var entry : narrower.entrySet()) {
                Instant until = entry.getValue();
                if (!now.isBefore(until)) {
                    narrower.remove(entry.getKey(), until); // ended
                } else if (entry.getKey().covers(target)
                        && (longest == null || Duration.between(now, until).compareTo(longest.remaining()) > 0)) {
                    longest = new Refusal(PACE_STATUS, Duration.between(now, until), Optional.of(entry.getKey()));
                }
            }
        }
        return Optional.ofNullable(longest);
    }

    /** The end of the origin's running pause, if any. */
    public Optional<Instant> pausedUntil(Origin origin) {
        Pause pause = pauses.get(origin);
        return pause != null && clock.instant().isBefore(pause.until()) ? Optional.of(pause.until()) : Optional.empty();
    }
}
