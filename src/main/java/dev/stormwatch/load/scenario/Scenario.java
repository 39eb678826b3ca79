package dev.stormwatch.load.scenario;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A load scenario as data: a name for the command line, a title for people, and the timeline of faults that
 * the embedded relay applies during the run.
 *
 * @param name the command-line name ({@code 3am-storm})
 * @param title the name in the UI and in reports ("3 AM storm")
 * @param description what happens and what to look for, one or two sentences
 * @param timeline the faults, in time order
 * @param minimumDuration the shortest run in which the scenario can show what it is for
 * @param length how long the scenario runs when nobody says otherwise: long enough to show its story and the
 *     recovery after it (LB3)
 * @param clients how many virtual clients it runs with when nobody says otherwise (LB3)
 * @param ramp LB18: the span over which its closed-loop clients start, each at a seeded moment in it, as a fleet whose
 *     processes come up one by one; zero: all at once
 */
public record Scenario(
        String name,
        String title,
        String description,
        List<TimedFault> timeline,
        Duration minimumDuration,
        Duration length,
        int clients,
        Duration ramp) {

    /** Clients of a scenario that does not choose its own. */
    public static final int DEFAULT_CLIENTS = 100;

    /** Copies the timeline and checks its order, so that a relay can apply it front to back. */
    public Scenario {
        if (length.compareTo(minimumDuration) < 0) {
            throw new IllegalArgumentException("the length of " + name + " is shorter than its minimum duration");
        }
        if (ramp.isNegative() || ramp.compareTo(minimumDuration) >= 0) {
            throw new IllegalArgumentException("the ramp of " + name
                    + " must be at least 0 and shorter than its minimum" + " duration, was " + ramp);
        }
        if (clients < 1) {
            throw new IllegalArgumentException("a scenario runs at least one client, was " + clients);
        }
        timeline = List.copyOf(timeline);
        for (int i = 1; i < timeline.size(); i++) {
            if (timeline.get(i).at().compareTo(timeline.get(i - 1).at()) < 0) {
                throw new IllegalArgumentException("the timeline of " + name + " is not in time order");
            }
        }
    }

    /** A scenario whose clients all start at once. */
    public Scenario(
            String name,
            String title,
            String description,
            List<TimedFault> timeline,
            Duration minimumDuration,
            Duration length,
            int clients) {
        this(name, title, description, timeline, minimumDuration, length, clients, Duration.ZERO);
    }

    /** A scenario that runs for its minimum duration with {@value #DEFAULT_CLIENTS} clients unless told otherwise. */
    public Scenario(
            String name, String title, String description, List<TimedFault> timeline, Duration minimumDuration) {
        this(name, title, description, timeline, minimumDuration, minimumDuration, DEFAULT_CLIENTS);
    }

    /** Whether the scenario changes how the relay answers; such a scenario needs the embedded relay as its target. */
    public boolean injectsFaults() {
        return !timeline.isEmpty();
    }

    /** The outage window (start, end) from the start of the run, for the time-to-recover figure. */
    public Optional<Window> outage() {
        for (TimedFault entry : timeline) {
            if (entry.fault() instanceof RelayFault.Outage outage) {
                return Optional.of(new Window(entry.at(), entry.at().plus(outage.length())));
            }
        }
        return Optional.empty();
    }

    /** When the shared Retry-After ends, from the start of the run: the peak-to-mean figure looks at the next second. */
    public Optional<Duration> sharedRetryAfterEnds() {
        for (TimedFault entry : timeline) {
            if (entry.fault() instanceof RelayFault.SharedRetryAfter retryAfter) {
                return Optional.of(entry.at().plus(retryAfter.length()));
            }
            if (entry.fault() instanceof RelayFault.Quota quota && resetAt().isEmpty()) {
                // Every client refused in the first window is told the same instant: the window's end. Beside a
                // connection reset (LB17) the quota is the background the storm pushes against, not the story.
                return Optional.of(entry.at().plus(quota.window()));
            }
        }
        return Optional.empty();
    }

    /**
     * The moment worth recording at 100 ms: where clients act together (the storm, the end of an outage, the end of a
     * shared Retry-After).
     */
    public Optional<Duration> focus() {
        Optional<Duration> retryAfterEnds = sharedRetryAfterEnds();
        if (retryAfterEnds.isPresent()) {
            return retryAfterEnds;
        }
        Optional<Window> outage = outage();
        if (outage.isPresent()) {
            return Optional.of(outage.get().end());
        }
        Optional<Duration> reset = resetAt();
        if (reset.isPresent()) {
            return reset;
        }
        return timeline.isEmpty()
                ? Optional.empty()
                : Optional.of(timeline.get(0).at());
    }

    /**
     * LB5, LB18: the faults the charts mark, in time order: a reset as an instant, an outage or a shared Retry-After as
     * the span it covers; a quota, a slow model or a leaky bucket is the background, not a fault of the story.
     */
    public List<FaultMark> faultMarks() {
        List<FaultMark> marks = new ArrayList<>();
        for (TimedFault entry : timeline) {
            if (entry.fault() instanceof RelayFault.ResetConnections) {
                marks.add(FaultMark.instant(entry.at(), "connections reset"));
            } else if (entry.fault() instanceof RelayFault.Outage outage) {
                marks.add(FaultMark.lasting(entry.at(), outage.length(), outage.status() + " outage"));
            } else if (entry.fault() instanceof RelayFault.SharedRetryAfter shared) {
                marks.add(FaultMark.lasting(entry.at(), shared.length(), "paused: shared Retry-After"));
            }
        }
        return List.copyOf(marks);
    }

    /**
     * LB18: the first fault the charts mark ({@link #faultMarks}), as the span it covers from the start of the run.
     * The comparison's "from the fault on" figures count from its start.
     */
    public Optional<Window> firstFault() {
        return faultMarks().stream().findFirst().map(FaultMark::span);
    }

    /** When the relay resets every connection (the storm), from the start of the run. */
    public Optional<Duration> resetAt() {
        return timeline.stream()
                .filter(entry -> entry.fault() instanceof RelayFault.ResetConnections)
                .map(TimedFault::at)
                .findFirst();
    }

    /** A span of the run, as offsets from its start. */
    public record Window(Duration start, Duration end) {}
}
