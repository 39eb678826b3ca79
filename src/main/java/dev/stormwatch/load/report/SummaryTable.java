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
        out.append(report.title())
                .append(" \u2014 ")
                .append(outcome(report.outcome()))
                .append('\n');
        out.append(report.run()).append('\n');
        for (String note : report.notes()) {
            out.append("note: ").append(note).append('\n');
        }
        if (!report.series().isEmpty()) {
            appendTotals(out, report);
        }
        if (!report.figures().isEmpty()) {
            out.append('\n');
            int width = report.figures().keySet().stream()
                    .mapToInt(key -> figureLabel(key).length())
                    .max()
                    .orElse(0);
            for (Map.Entry<String, Figure> entry : report.figures().entrySet()) {
                out.append(String.format(
                        Locale.ROOT, "%-" + width + "s  %s%n", figureLabel(entry.getKey()), figure(entry.getValue())));
            }
        }
        return out.toString();
    }

    /**
     * The totals, one column per series: a header too long for its column wraps onto more lines, never cut. LB10: a
     * header says whose view it is and over which span it adds up (a series kept "per second" holds totals here, so
     * the header says "whole run", not "per second"); a counter the provider cannot see reads "-", not 0.
     */
    private static void appendTotals(StringBuilder out, LoadReport report) {
        List<List<String>> headers = new ArrayList<>();
        List<Integer> widths = new ArrayList<>();
        for (NamedSeries named : report.series()) {
            List<String> lines = wrapped(columnHeader(named, report.startedAt()), COLUMN);
            headers.add(lines);
            widths.add(Math.max(
                    COLUMN, lines.stream().mapToInt(String::length).max().orElse(0)));
        }
        int labelWidth = java.util.Arrays.stream(Counter.values())
                .mapToInt(c -> counterLabel(c).length())
                .max()
                .orElse(LABEL);
        int headerLines = headers.stream().mapToInt(List::size).max().orElse(1);
        for (int line = 0; line < headerLines; line++) {
            out.append(line == 0 ? '\n' : "")
                    .append(String.format(
                            Locale.ROOT, "%-" + labelWidth + "s", line == headerLines - 1 ? "total" : ""));
            for (int column = 0; column < headers.size(); column++) {
                List<String> lines = headers.get(column);
                // Bottom-aligned, so that every column's last header line sits just above its numbers.
                int index = line - (headerLines - lines.size());
                out.append(String.format(
                        Locale.ROOT, " %" + widths.get(column) + "s", index >= 0 ? lines.get(index) : ""));
            }
            out.append('\n');
        }
        for (Counter counter : Counter.values()) {
            out.append(String.format(Locale.ROOT, "%-" + labelWidth + "s", counterLabel(counter)));
            for (int column = 0; column < headers.size(); column++) {
                NamedSeries named = report.series().get(column);
                boolean seen = seenBy(named, counter);
                out.append(String.format(
                        Locale.ROOT,
                        " %" + widths.get(column) + "s",
                        seen ? String.valueOf(named.series().total(counter)) : "-"));
            }
            out.append('\n');
        }
        out.append(String.format(Locale.ROOT, "%-" + labelWidth + "s", "worst p99 (ms)"));
        for (int column = 0; column < headers.size(); column++) {
            out.append(String.format(
                    Locale.ROOT,
                    " %" + widths.get(column) + ".1f",
                    worstP99(report.series().get(column).series()).toNanos() / 1e6));
        }
        out.append('\n');
        requestSuccessShare(report)
                .ifPresent(share -> out.append(
                        String.format(Locale.ROOT, "%-" + labelWidth + "s %s%n", "requests that succeeded", share)));
    }

    /** What the provider records of each arrival: that it came, its status or that it got none, its latency. */
    private static final java.util.Set<Counter> PROVIDER_SEES = java.util.EnumSet.of(
            Counter.ATTEMPTS,
            Counter.STATUS_2XX,
            Counter.STATUS_429,
            Counter.STATUS_5XX,
            Counter.STATUS_OTHER,
            Counter.NETWORK_ERRORS);

    /** Whether this series' side records this counter: the provider sees arrivals and answers, nothing else. */
    static boolean seenBy(NamedSeries named, Counter counter) {
        return !isProvider(named) || PROVIDER_SEES.contains(counter);
    }

    private static boolean isProvider(NamedSeries named) {
        return named.name().startsWith("provider");
    }

    /**
     * LB10: a column's header in words: whose view ("clients", "provider") and the span its totals cover ("whole
     * run", or "t = 8-14 s" for a 100 ms series).
     */
    static String columnHeader(NamedSeries named, java.time.Instant runStart) {
        String side = isProvider(named) ? "provider" : named.name().startsWith("client") ? "clients" : named.name();
        TimeSeries series = named.series();
        if (series.bucketWidth().compareTo(Duration.ofSeconds(1)) >= 0
                || series.buckets().isEmpty()) {
            return side + ", whole run";
        }
        long from = Duration.between(runStart, series.start()).toSeconds();
        long to = Duration.between(runStart, series.end()).toSeconds();
        return side + ", t = " + from + "-" + to + " s (100 ms series)";
    }

    /**
     * LB10: a counter in words, the same in the summary, the Load lab and the HTML report; JSON and CSV keep
     * {@link Counter#key()}.
     */
    public static String counterLabel(Counter counter) {
        return switch (counter) {
            case LOGICAL_REQUESTS -> "requests asked for";
            case ATTEMPTS -> "attempts sent";
            case LIMITER_ALLOWED -> "let through by the limiter";
            case LIMITER_REFUSED -> "refused by the limiter";
            case STATUS_2XX -> "answered 2xx";
            case STATUS_429 -> "answered 429";
            case STATUS_5XX -> "answered 5xx";
            case STATUS_OTHER -> "answered otherwise";
            case NETWORK_ERRORS -> "no answer (network)";
            case RETRIES -> "retries";
            case EXHAUSTED_BUDGETS -> "calls out of budget";
            case PACED_WAITS -> "paced waits";
            case PACED_WAIT_MS -> "paced waiting (ms)";
            case UNSENT_REQUESTS -> "requests never sent";
        };
    }

    /** What one counter means, for a tooltip or a legend (LB10). */
    public static String counterMeaning(Counter counter) {
        return switch (counter) {
            case LOGICAL_REQUESTS -> "Calls the virtual clients made, each counted once however often it was retried.";
            case ATTEMPTS -> "Requests put on the wire: first tries and retries. At the provider: the arrivals.";
            case LIMITER_ALLOWED -> "Attempts the client-side rate limiter let through.";
            case LIMITER_REFUSED -> "Attempts the client-side rate limiter refused; they were never sent (RC7).";
            case STATUS_2XX -> "Attempts answered with success.";
            case STATUS_429 -> "Attempts answered 429 Too Many Requests.";
            case STATUS_5XX -> "Attempts answered with a server error.";
            case STATUS_OTHER -> "Attempts answered with any other status (401, 400...).";
            case NETWORK_ERRORS -> "Attempts that got no answer: refused or reset connection, timeout (ST2).";
            case RETRIES -> "Attempts that repeated an earlier failed attempt of the same call.";
            case EXHAUSTED_BUDGETS -> "Calls that gave up because their attempts or time budget ran out (B1).";
            case PACED_WAITS ->
                "Times a client waited before sending, for a quota's reset (RH13) or adaptive pacing (RH11).";
            case PACED_WAIT_MS -> "Those waits added up, in milliseconds.";
            case UNSENT_REQUESTS -> "Calls that ended before anything was sent: limiter, pause or deadline (LB2).";
        };
    }

    /**
     * LB10: the share of requests that sent something and ended in a 2xx (each such request ends with exactly one),
     * as a person means "success"; the report's {@value StandardFigures#SUCCESS_SHARE} is per attempt.
     */
    static java.util.Optional<String> requestSuccessShare(LoadReport report) {
        return report.seriesNamed("client per second").flatMap(client -> {
            long sent = client.total(Counter.LOGICAL_REQUESTS) - client.total(Counter.UNSENT_REQUESTS);
            if (sent <= 0) {
                return java.util.Optional.empty();
            }
            long ok = client.total(Counter.STATUS_2XX);
            return java.util.Optional.of(
                    String.format(Locale.ROOT, "%d of %d requests sent (%.1f%%)", ok, sent, 100.0 * ok / sent));
        });
    }

    /**
     * The name of a figure for people; the JSON and CSV keep the fixed name ({@link StandardFigures}). A figure
     * without a label here shows its name with spaces for underscores.
     */
    public static String figureLabel(String key) {
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

    /** What a figure means, in a sentence, for a tooltip or a legend (LB10); empty for a figure it does not know. */
    public static String figureMeaning(String key) {
        return switch (key) {
            case StandardFigures.RETRY_AMPLIFICATION ->
                "Attempts on the wire per request that sent at least one (LB2):"
                        + " 1.0 means nothing was retried; 2.0 means the provider saw twice the load it was asked for.";
            case StandardFigures.PEAK_TO_MEAN ->
                "Arrivals at the provider in the busiest 100 ms of the second after a"
                        + " shared Retry-After ends, against that second's mean: 1 is smooth, 10 means everyone came back"
                        + " at once.";
            case StandardFigures.TIME_TO_RECOVER ->
                "Seconds from the end of the outage until successes per second are"
                        + " back to 90% of their level before it.";
            case StandardFigures.GOODPUT -> "Successful answers per second over the whole run: the useful work.";
            case StandardFigures.SUCCESS_SHARE ->
                "Successful answers among all attempts sent, retries included (the"
                        + " summary also gives the share of requests that succeeded).";
            default -> "";
        };
    }

    /** Every figure and counter with what it means, one a line: the legend of the summary (LB10). */
    public static String legend() {
        StringBuilder out = new StringBuilder();
        for (String key : List.of(
                StandardFigures.RETRY_AMPLIFICATION,
                StandardFigures.PEAK_TO_MEAN,
                StandardFigures.TIME_TO_RECOVER,
                StandardFigures.GOODPUT,
                StandardFigures.SUCCESS_SHARE)) {
            out.append(figureLabel(key)).append(": ").append(figureMeaning(key)).append('\n');
        }
        for (Counter counter : Counter.values()) {
            out.append(counterLabel(counter))
                    .append(": ")
                    .append(counterMeaning(counter))
                    .append('\n');
        }
        return out.toString();
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
