package dev.stormwatch.load.report;

import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The table {@code stormwatch load} prints at the end of a run: how it ended, the totals of each series,
 * and the derived figures, with the reason when one could not be computed. Texts come from the (redacted) report.
 */
public final class SummaryTable {

    /** Width of the row labels. */
    private static final int LABEL = 18;
    /** Width of a series column; a longer series name wraps onto a second line. */
    private static final int COLUMN = 22;

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
            appendTotals(out, report);
        }
        if (!report.figures().isEmpty()) {
            out.append('\n');
            int width = report.figures().keySet().stream().mapToInt(key -> figureLabel(key).length()).max().orElse(0);
            for (Map.Entry<String, Figure> entry : report.figures().entrySet()) {
                out.append(String.format(Locale.ROOT, "%-" + width + "s  %s%n", figureLabel(entry.getKey()),
                        figure(entry.getValue())));
            }
        }
        return out.toString();
    }

    /** The totals, one column per series: a header too long for its column wraps onto more lines, never cut. */
    private static void appendTotals(StringBuilder out, LoadReport report) {
        List<List<String>> headers = new ArrayList<>();
        List<Integer> widths = new ArrayList<>();
        for (NamedSeries named : report.series()) {
            List<String> lines = wrapped(named.name(), COLUMN);
            headers.add(lines);
            widths.add(Math.max(COLUMN, lines.stream().mapToInt(String::length).max().orElse(0)));
        }
        int headerLines = headers.stream().mapToInt(List::size).max().orElse(1);
        for (int line = 0; line < headerLines; line++) {
            out.append(line == 0 ? '\n' : "").append(String.format(Locale.ROOT, "%-" + LABEL + "s",
                    line == headerLines - 1 ? "total" : ""));
            for (int column = 0; column < headers.size(); column++) {
                List<String> lines = headers.get(column);
                // Bottom-aligned, so that every column's last header line sits just above its numbers.
                int index = line - (headerLines - lines.size());
                out.append(String.format(Locale.ROOT, " %" + widths.get(column) + "s", index >= 0 ? lines.get(index) : ""));
            }
            out.append('\n');
        }
        for (Counter counter : Counter.values()) {
            out.append(String.format(Locale.ROOT, "%-" + LABEL + "s", counter.key().replace('_', ' ')));
            for (int column = 0; column < headers.size(); column++) {
                out.append(String.format(Locale.ROOT, " %" + widths.get(column) + "d",
                        report.series().get(column).series().total(counter)));
            }
            out.append('\n');
        }
        out.append(String.format(Locale.ROOT, "%-" + LABEL + "s", "worst p99 (ms)"));
        for (int column = 0; column < headers.size(); column++) {
            out.append(String.format(Locale.ROOT, " %" + widths.get(column) + ".1f",
                    worstP99(report.series().get(column).series()).toNanos() / 1e6));
        }
        out.append('\n');
    }

    /**
     * The name of a figure for people; the JSON and CSV keep the fixed name ({@link StandardFigures}). A figure
     * without a label here shows its name with spaces for underscores.
     */
    static String figureLabel(String key) {
        return switch (key) {
            case StandardFigures.RETRY_AMPLIFICATION -> "retry amplification (attempts per request)";
            case StandardFigures.PEAK_TO_MEAN -> "peak to mean after Retry-After";
            case StandardFigures.TIME_TO_RECOVER -> "time to recover (s)";
            case StandardFigures.GOODPUT -> "goodput (successes per s)";
            case StandardFigures.SUCCESS_SHARE -> "success share (of attempts)";
            case StandardFigures.P50_SERVICE_TIME -> "p50 service time (ms)";
            case StandardFigures.P99_SERVICE_TIME -> "p99 service time (ms)";
            case StandardFigures.P50_RESPONSE_TIME -> "p50 from intended start (ms)";
            case StandardFigures.P99_RESPONSE_TIME -> "p99 from intended start (ms)";
            default -> key.replace('_', ' ');
        };
    }

    /** Words filled into lines of at most {@code width} characters; a longer word gets a line of its own. */
    private static List<String> wrapped(String text, int width) {
        List<String> lines = new ArrayList<>();
        StringBuilder line = new StringBuilder();
        for (String word : text.split(" ")) {
            if (line.length() > 0 && line.length() + 1 + word.length() > width) {
                lines.add(line.toString());
                line.setLength(0);
            }
            line.append(line.length() > 0 ? " " : "").append(word);
        }
        lines.add(line.toString());
        return lines;
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
}
