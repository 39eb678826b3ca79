package dev.stormwatch.app.loadlab;

import dev.stormwatch.load.scenario.RelayFault;
import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.scenario.TimedFault;
import java.util.ArrayList;
import java.util.List;

/**
 * LB5: a fault of the scenario as the charts mark it: where it starts, where it ends (a band) or the same second (a
 * line), and what it is called.
 *
 * @param fromSecond seconds since the start of the run
 * @param toSecond the end of the band; equal to {@code fromSecond} for an instant
 * @param label the fault in words
 */
public record FaultMark(double fromSecond, double toSecond, String label) {

    /** The marks of a scenario's timeline; a quota is a line on the throughput chart, not a mark. */
    static List<FaultMark> of(Scenario scenario) {
        List<FaultMark> marks = new ArrayList<>();
        for (TimedFault entry : scenario.timeline()) {
            double at = entry.at().toMillis() / 1000.0;
            RelayFault fault = entry.fault();
            if (fault instanceof RelayFault.ResetConnections) {
                marks.add(new FaultMark(at, at, "connections reset"));
            } else if (fault instanceof RelayFault.Outage outage) {
                marks.add(new FaultMark(at, at + outage.length().toMillis() / 1000.0, outage.status() + " outage"));
            } else if (fault instanceof RelayFault.SharedRetryAfter shared) {
                marks.add(new FaultMark(at, at + shared.length().toMillis() / 1000.0, "paused: shared Retry-After"));
            }
        }
        return marks;
    }
}
