package dev.stormwatch.load.report;

import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import java.util.Locale;
import java.util.Map;

/**
 * The table {@code stormwatch load} prints at the end of a run: how it ended, the totals of each series,
 * and the derived figures, with the reason when one could not be computed. Texts come from the (redacted) report.
 */
public final class SummaryTable {

    private SummaryTable() {}

    /** The summary as lines of text, ending with a line break. */
    public static String render(LoadReport report) {
        StringBuilder out = new StringBuilder();
        out.append(report.title()).append(" \u2014 ").append(outcome(report.outcome())).append('\n');
        out.append(report.run()).append('\n');
        for (String note : report.notes()) {
            out.append("note: ").append(note).append('\n');
        }
        if (!report.series().isEmpty()) {
            out.append('\n').append(String.format(Locale.ROOT, "%-18s", "total"));
            for (NamedSeries named : report.series()) {
                out.append(String.format(Locale.ROOT, " %22s", shortened(named.name(), 22)));
            }
            out.append('\n');
            for (Counter counter : Counter.values()) {
                out.append(String.format(Locale.ROOT, "%-18s", counter.key()));
                for (NamedSeries named : report.series()) {
                    out.append(String.format(Locale.ROOT, " %22d", named.series().total(counter)));
                }
                out.append('\n');
            }
            out.append(String.format(Locale.ROOT, "%-18s", "worst p99 (ms)"));
            for (NamedSeries named : report.series()) {
                out.append(String.format(Locale.ROOT, " %22.1f", worstP99(named.series()).toNanos() / 1e6));
            }
            out.append('\n');
        }
        if (!report.figures().isEmpty()) {
            out.append('\n');
            for (Map.Entry<String, Figure> entry : report.figures().entrySet()) {
                out.append(String.format(Locale.ROOT, "%-32s %s%n", entry.getKey(), figure(entry.getValue())));
            }
        }
        return out.toString();
    }

    private static String outcome(RunOutcome outcome) {
        return outcome instanceof RunOutcome.Partial partial ? "partial: " + partial.reason() : "completed";
    }

    private static String figure(Figure figure) {
        if (figure instanceof Figure.Value value) {
            return String.format(Locale.ROOT, "%.3f", value.value());
        }
        return "n/a (" + ((Figure.Absent) figure).reason() + ")";
    }

    private static Duration worstP99(TimeSeries series) {
        Duration worst = Duration.ZERO;
        for (Bucket bucket : series.buckets()) {
            if (bucket.latency().p99().compareTo(worst) > 0) {
                worst = bucket.latency().p99();
            }
        }
        return worst;
    }

    private static String shortened(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 1) + "\u2026";
    }
}
