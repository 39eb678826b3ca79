package dev.stormwatch.load.scenario;

import java.time.Duration;

/**
 * LB5, LB18: a fault of a scenario as the charts mark it and the comparison counts from it: the span it covers from the
 * start of the run (an instant starts and ends together) and what it is called. A quota, a slow model or a leaky
 * bucket is the background, not a mark ({@link Scenario#faultMarks}).
 *
 * @param span where it starts and ends, as offsets from the start of the run
 * @param label the fault in words
 */
public record FaultMark(Scenario.Window span, String label) {

    /** A fault that happens at one instant (a reset): a line on the chart. */
    static FaultMark instant(Duration at, String label) {
        return new FaultMark(new Scenario.Window(at, at), label);
    }

    /** A fault that lasts (an outage, a pause): a band on the chart. */
    static FaultMark lasting(Duration at, Duration length, String label) {
        return new FaultMark(new Scenario.Window(at, at.plus(length)), label);
    }

    /** Where it starts, in seconds since the start of the run. */
    public double fromSecond() {
        return span.start().toMillis() / 1000.0;
    }

    /** Where it ends, in seconds since the start of the run; equal to {@link #fromSecond} for an instant. */
    public double toSecond() {
        return span.end().toMillis() / 1000.0;
    }
}
