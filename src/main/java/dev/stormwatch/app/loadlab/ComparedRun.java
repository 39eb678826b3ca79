package dev.stormwatch.app.loadlab;

import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.scenario.FaultMark;
import dev.stormwatch.load.scenario.Scenario;
import java.util.List;

/**
 * LB8: one finished run of a comparison, as the compare view draws it.
 *
 * @param label what tells it apart from the others ("no backoff")
 * @param report its report
 * @param points its seconds, from the report's series
 * @param quotaPerSecond the provider's quota per second, drawn as a line; 0 when it has none
 * @param scenario its scenario, whose faults are marked at their second and from whose first fault the table's "from
 *     the fault on" rows count (LB18)
 * @param axisSeconds the seconds its time axis spans: its length and drain
 */
public record ComparedRun(
        String label,
        LoadReport report,
        List<LivePoint> points,
        double quotaPerSecond,
        Scenario scenario,
        double axisSeconds) {

    public ComparedRun {
        points = List.copyOf(points);
    }

    /** Its scenario's faults, marked at their second (LB5). */
    public List<FaultMark> faults() {
        return scenario.faultMarks();
    }

    /** Its column of the comparison table (LB6, LB18). */
    public dev.stormwatch.load.report.ComparisonTable.Run tableRun() {
        return new dev.stormwatch.load.report.ComparisonTable.Run(label, report, scenario);
    }

    /** Its sentence (LB4), without the prefix; empty when the report has none. */
    public String verdict() {
        return dev.stormwatch.load.report.ComparisonTable.verdict(report).orElse("");
    }
}
