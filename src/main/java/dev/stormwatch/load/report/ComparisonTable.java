package dev.stormwatch.load.report;

import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.function.Function;

/**
 * LB6: two runs on the same seed that differ in one setting, side by side: the figures a reader compares first
 * (retry amplification, peak-to-mean after a shared Retry-After, time to recover, attempts sent, successes, 429s, limiter
 * refusals), then each run's sentence (LB4).
 */
public final class ComparisonTable {

    /** One run of the two, with the setting that tells it apart ("jitter none"). */
    public record Run(String label, LoadReport report) {}

    /** One row: its label and how to read it from a report. */
    private record Row(String label, Function<LoadReport, String> value) {}

    private static final List<Row> ROWS = List.of(
            new Row("retry amplification (attempts per request)", r -> figure(r, StandardFigures.RETRY_AMPLIFICATION)),
            new Row("peak to mean after Retry-After", r -> figure(r, StandardFigures.PEAK_TO_MEAN)),
            new Row("time to recover (s)", r -> figure(r, StandardFigures.TIME_TO_RECOVER)),
            new Row("attempts sent", r -> total(r, Counter.ATTEMPTS)),
            new Row("successes (2xx)", r -> total(r, Counter.STATUS_2XX)),
            new Row("429 answers", r -> total(r, Counter.STATUS_429)),
            new Row("calls out of budget", r -> total(r, Counter.EXHAUSTED_BUDGETS)),
            new Row("refused by the limiter", r -> total(r, Counter.LIMITER_REFUSED)));

    private ComparisonTable() {}

    /** The rows as text, one line each, ending with a line break. */
    public static String render(Run a, Run b) {
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {"", a.label(), b.label()});
        for (Row row : ROWS) {
            lines.add(new String[] {
                row.label(), row.value().apply(a.report()), row.value().apply(b.report())
            });
        }
        int[] widths = new int[3];
        for (String[] line : lines) {
            for (int i = 0; i < 3; i++) {
                widths[i] = Math.max(widths[i], line[i].length());
            }
        }
        StringBuilder out = new StringBuilder();
        for (String[] line : lines) {
            out.append(String.format(
                    Locale.ROOT,
                    "%-" + widths[0] + "s  %" + widths[1] + "s  %" + widths[2] + "s%n",
                    line[0],
                    line[1],
                    line[2]));
        }
        out.append('\n');
        for (Run run : List.of(a, b)) {
            verdict(run.report())
                    .ifPresent(
                            v -> out.append(run.label()).append(": ").append(v).append('\n'));
        }
        return out.toString();
    }

    /** A report's sentence (LB4), without its prefix. */
    public static Optional<String> verdict(LoadReport report) {
        return report.notes().stream()
                .filter(n -> n.startsWith(RunVerdict.PREFIX))
                .map(n -> n.substring(RunVerdict.PREFIX.length()))
                .findFirst();
    }

    /** The rows' labels and the two values of each, for a window that draws them as a table. */
    public static List<List<String>> rows(Run a, Run b) {
        return rows(List.of(a, b));
    }

    /** LB8: the rows' labels and one value per run, in the runs' order, for a window that draws them as a table. */
    public static List<List<String>> rows(List<Run> runs) {
        List<List<String>> rows = new ArrayList<>();
        for (Row row : ROWS) {
            List<String> line = new ArrayList<>();
            line.add(row.label());
            runs.forEach(run -> line.add(row.value().apply(run.report())));
            rows.add(List.copyOf(line));
        }
        return rows;
    }

    /** LB10: what a row of the table means, by its label, for a tooltip; empty for a label it does not know. */
    public static String meaning(String label) {
        return switch (label) {
            case "retry amplification (attempts per request)" ->
                SummaryTable.figureMeaning(StandardFigures.RETRY_AMPLIFICATION);
            case "peak to mean after Retry-After" -> SummaryTable.figureMeaning(StandardFigures.PEAK_TO_MEAN);
            case "time to recover (s)" -> SummaryTable.figureMeaning(StandardFigures.TIME_TO_RECOVER);
            case "attempts sent" -> SummaryTable.counterMeaning(Counter.ATTEMPTS);
            case "successes (2xx)" -> SummaryTable.counterMeaning(Counter.STATUS_2XX);
            case "429 answers" -> SummaryTable.counterMeaning(Counter.STATUS_429);
            case "calls out of budget" -> SummaryTable.counterMeaning(Counter.EXHAUSTED_BUDGETS);
            case "refused by the limiter" -> SummaryTable.counterMeaning(Counter.LIMITER_REFUSED);
            default -> "";
        };
    }

    private static String figure(LoadReport report, String name) {
        Figure figure = report.figures().get(name);
        return figure instanceof Figure.Value value ? String.format(Locale.ROOT, "%.2f", value.value()) : "n/a";
    }

    private static String total(LoadReport report, Counter counter) {
        Optional<TimeSeries> client = report.seriesNamed("client per second");
        return client.map(series -> String.valueOf(series.total(counter))).orElse("n/a");
    }
}
