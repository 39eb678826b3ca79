package dev.stormwatch.app.loadlab;

import dev.stormwatch.load.report.LoadReport;
import dev.stormwatch.load.scenario.FaultMark;
import dev.stormwatch.load.scenario.Scenario;
import java.util.List;
import java.util.Optional;

/**
 * LB8: one finished run of a comparison, as the compare view draws it.
 *
 * @param label what tells it apart from the others ("no backoff")
 * @param report its report
 * @param points its seconds, from the report's series
 * @param quotaPerSecond the provider's quota per second, drawn as a line; 0 when it has none
 * @param faults its scenario's faults, marked at their second ({@link Scenario#faultMarks})
 * @param axisSeconds the seconds its time axis spans: its length and drain
 */
public record ComparedRun(
        String label,
        LoadReport report,
        List<LivePoint> points,
        double quotaPerSecond,
        List<FaultMark> faults,
        double axisSeconds) {

    public ComparedRun {
        points = List.copyOf(points);
        faults = List.copyOf(faults);
    }

    /** LB18: the first of its marked faults, from which the table's "from the fault on" rows count. */
    public Optional<Scenario.Window> firstFault() {
        return faults.stream().findFirst().map(FaultMark::span);
    }

    /** Its sentence (LB4), without the prefix; empty when the report has none. */
    public String verdict() {
        return dev.stormwatch.load.report.ComparisonTable.verdict(report).orElse("");
    }
}
