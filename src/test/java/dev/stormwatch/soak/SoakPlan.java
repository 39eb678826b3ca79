package dev.stormwatch.soak;

import java.time.Duration;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

/**
 * RB5: what a soak run does to the relay and to Redis, and when. Pure: the run's length in, the timeline out. Relay
 * faults take turns every twelfth of the run (an outage, a hiccup that resets every connection, a shared Retry-After);
 * Redis is stopped and started again at a third and at two thirds.
 */
public record SoakPlan(Duration length, List<Step> steps) {

    /** What is done. */
    public enum Kind {
        /** The relay answers 503 for {@link SoakPlan#OUTAGE}. */
        OUTAGE,
        /** The relay resets every open connection at once. */
        HICCUP,
        /** The relay answers 429 with a Retry-After for {@link SoakPlan#RETRY_AFTER}. */
        RETRY_AFTER,
        /** Redis stops, and starts again {@link SoakPlan#REDIS_DOWN} later (no data kept). */
        REDIS_RESTART
    }

    /** One thing done at an offset from the start of the soak. */
    public record Step(Duration at, Kind kind) {}

    static final Duration OUTAGE = Duration.ofSeconds(10);
    static final Duration RETRY_AFTER = Duration.ofSeconds(5);
    static final Duration REDIS_DOWN = Duration.ofSeconds(2);

    public SoakPlan {
        steps = List.copyOf(steps);
    }

    /** @throws IllegalArgumentException when shorter than a minute */
    public static SoakPlan of(Duration length) {
        if (length.compareTo(Duration.ofMinutes(1)) < 0) {
            throw new IllegalArgumentException(
                    "--minutes: a soak needs at least 1 minute, was " + length.toSeconds() + " s");
        }
        Duration turn = length.dividedBy(12);
        Kind[] cycle = {Kind.OUTAGE, Kind.HICCUP, Kind.RETRY_AFTER};
        List<Step> steps = new ArrayList<>();
        for (int i = 1; i < 12; i++) {
            steps.add(new Step(turn.multipliedBy(i), cycle[(i - 1) % cycle.length]));
        }
        // Half a turn off the relay's faults, so that each is seen on its own.
        steps.add(new Step(length.dividedBy(3).plus(turn.dividedBy(2)), Kind.REDIS_RESTART));
        steps.add(new Step(length.multipliedBy(2).dividedBy(3).plus(turn.dividedBy(2)), Kind.REDIS_RESTART));
        steps.sort(Comparator.comparing(Step::at));
        return new SoakPlan(length, steps);
    }
}
