package dev.stormwatch.load.report;

import dev.stormwatch.load.scenario.Scenario;
import dev.stormwatch.load.series.ArrivalPeak;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.Recovery;
import dev.stormwatch.load.series.RetryAmplification;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Instant;
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

    /**
     * One run of the two, with the setting that tells it apart ("jitter none").
     *
     * @param scenario its scenario, whose first marked fault ({@link Scenario#firstFault}) the "from the fault on" rows
     *     count from (LB18); empty when the table counts from none
     */
    public record Run(String label, LoadReport report, Optional<Scenario> scenario) {

        /** A run without a fault the table counts from. */
        public Run(String label, LoadReport report) {
            this(label, report, Optional.empty());
        }

        /** A run of this scenario, whose first fault the table counts from. */
        public Run(String label, LoadReport report, Scenario scenario) {
            this(label, report, Optional.of(scenario));
        }

        /** LB18: its first marked fault, as its span from the run's start; empty when it has none. */
        public Optional<Scenario.Window> fault() {
            return scenario.flatMap(Scenario::firstFault);
        }

        /**
         * LB18: whether its whole-run time to recover, which counts from the end of its outage, is by definition its
         * time to recover from the fault: its first marked fault is its outage, or it has no outage (the whole-run row
         * then says nothing).
         */
        boolean recoversFromTheFaultAlone() {
            return scenario.map(s -> s.outage().isEmpty() || s.outage().equals(s.firstFault()))
                    .orElse(false);
        }
    }

    /** One row: its label and how to read it from a run. */
    private record Row(String label, Function<Run, String> value) {

        /** A row read from the report alone. */
        static Row of(String label, Function<LoadReport, String> value) {
            return new Row(label, run -> value.apply(run.report()));
        }
    }

    /** The whole run's time to recover, from the end of its outage (LB6). */
    public static final String TIME_TO_RECOVER = "time to recover (s)";

    /** LB18: the rows that count from the first fault, each beside its whole-run row's meaning. */
    public static final String FROM_FAULT_429 = "429 answers from the fault on";

    public static final String FROM_FAULT_RETRIES = "retries from the fault on";
    public static final String FROM_FAULT_AMPLIFICATION = "retry amplification from the fault on";
    public static final String FROM_FAULT_PEAK = "peak to mean as the fault ends";
    public static final String FROM_FAULT_RECOVERY = "time to recover from the fault (s)";

    private static final List<Row> ROWS = List.of(
            Row.of("retry amplification (attempts per request)", r -> figure(r, StandardFigures.RETRY_AMPLIFICATION)),
            Row.of("peak to mean after Retry-After", r -> figure(r, StandardFigures.PEAK_TO_MEAN)),
            Row.of(TIME_TO_RECOVER, r -> figure(r, StandardFigures.TIME_TO_RECOVER)),
            Row.of("attempts sent", r -> total(r, Counter.ATTEMPTS)),
            Row.of("successes (2xx)", r -> total(r, Counter.STATUS_2XX)),
            Row.of("429 answers", r -> total(r, Counter.STATUS_429)),
            Row.of("calls out of budget", r -> total(r, Counter.EXHAUSTED_BUDGETS)),
            Row.of("refused by the limiter", r -> total(r, Counter.LIMITER_REFUSED)));

    /**
     * LB18: the same story counted from the first fault on, where a whole run's totals would mix in what came before
     * it (the clients' start, a quiet minute): the 429s, the retries and the amplification from the fault's second,
     * the provider's peak to mean in the second from it, and the time to recover from its end.
     */
    private static final List<Row> FROM_FAULT_ROWS = List.of(
            new Row(FROM_FAULT_429, run -> fromFault(run, Counter.STATUS_429)),
            new Row(FROM_FAULT_RETRIES, run -> fromFault(run, Counter.RETRIES)),
            new Row(FROM_FAULT_AMPLIFICATION, ComparisonTable::amplificationFromFault),
            new Row(FROM_FAULT_PEAK, ComparisonTable::peakInFaultSecond),
            new Row(FROM_FAULT_RECOVERY, ComparisonTable::recoveryFromFault));

    private ComparisonTable() {}

    /** The rows as text, one line each, ending with a line break. */
    public static String render(Run a, Run b) {
        List<String[]> lines = new ArrayList<>();
        lines.add(new String[] {"", a.label(), b.label()});
        for (Row row : rowsFor(List.of(a, b))) {
            lines.add(
                    new String[] {row.label(), row.value().apply(a), row.value().apply(b)});
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
        for (Row row : rowsFor(runs)) {
            List<String> line = new ArrayList<>();
            line.add(row.label());
            runs.forEach(run -> line.add(row.value().apply(run)));
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
            case TIME_TO_RECOVER -> SummaryTable.figureMeaning(StandardFigures.TIME_TO_RECOVER);
            case "attempts sent" -> SummaryTable.counterMeaning(Counter.ATTEMPTS);
            case "successes (2xx)" -> SummaryTable.counterMeaning(Counter.STATUS_2XX);
            case "429 answers" -> SummaryTable.counterMeaning(Counter.STATUS_429);
            case "calls out of budget" -> SummaryTable.counterMeaning(Counter.EXHAUSTED_BUDGETS);
            case "refused by the limiter" -> SummaryTable.counterMeaning(Counter.LIMITER_REFUSED);
            case FROM_FAULT_429 ->
                "Answers 429 from the second of the first fault the charts mark to the end of the run: what the"
                        + " fault's retries earned, without the run's start.";
            case FROM_FAULT_RETRIES ->
                "Attempts that were retries, from the second of the first fault on: how hard the clients came back.";
            case FROM_FAULT_AMPLIFICATION ->
                "Attempts sent per request sent, from the second of the first fault on (LB2 over that span): the"
                        + " retries the fault caused, on top of the requests of the same seconds.";
            case FROM_FAULT_PEAK ->
                "Arrivals at the provider in the busiest 100 ms of the second in which the first fault ends (a"
                        + " reset's own second, an outage's or a shared Retry-After's last), against that second's"
                        + " mean: 1 is smooth, 10 means the retries came back at once.";
            case FROM_FAULT_RECOVERY ->
                "Seconds from the end of the first fault until successes per second are back to 90% of their level"
                        + " before it; for an outage, the whole run's time to recover.";
            default -> "";
        };
    }

    /**
     * The whole-run rows, and the rows from the fault on when a run has a fault, second to sixth (LB18). The time to
     * recover is shown once: where every run's whole-run figure is its recovery from the fault by definition (an
     * outage that is its first fault) or says nothing (no outage), only the row from the fault stands.
     */
    private static List<Row> rowsFor(List<Run> runs) {
        if (runs.stream().noneMatch(run -> run.fault().isPresent())) {
            return ROWS;
        }
        // At a glance: the story from the fault on comes right under the whole run's amplification, above the totals.
        List<Row> rows = new ArrayList<>(ROWS);
        rows.addAll(1, FROM_FAULT_ROWS);
        if (runs.stream().allMatch(Run::recoversFromTheFaultAlone)) {
            rows.removeIf(row -> row.label().equals(TIME_TO_RECOVER));
        }
        return rows;
    }

    /** Where the fault starts on the run's clock, or empty without a fault. */
    private static Optional<Instant> faultStart(Run run) {
        return run.fault().map(fault -> run.report().startedAt().plus(fault.start()));
    }

    private static String fromFault(Run run, Counter counter) {
        return faultStart(run)
                .flatMap(from -> run.report()
                        .seriesNamed("client per second")
                        .map(series -> String.valueOf(series.totalFrom(counter, from))))
                .orElse("n/a");
    }

    private static String amplificationFromFault(Run run) {
        return faultStart(run)
                .flatMap(from -> run.report()
                        .seriesNamed("client per second")
                        .map(series -> value(RetryAmplification.from(series, from))))
                .orElse("n/a");
    }

    private static String peakInFaultSecond(Run run) {
        if (run.fault().isEmpty()) {
            return "n/a";
        }
        // Where the clients come back together: a reset's own second, the end of an outage or of a shared
        // Retry-After. That is the scenario's focus, the only span the provider's 100 ms series is recorded around.
        Instant from = run.report().startedAt().plus(run.fault().get().end());
        return run.report().series().stream()
                .filter(named -> named.name().startsWith("provider per 100 ms"))
                .findFirst()
                .map(named -> value(ArrivalPeak.afterRetryAfter(named.series(), from)))
                .orElse("n/a");
    }

    private static String recoveryFromFault(Run run) {
        if (run.fault().isEmpty()) {
            return "n/a";
        }
        Instant start = run.report().startedAt();
        return run.report()
                .seriesNamed("client per second")
                .map(series -> value(Recovery.timeToRecover(
                        series,
                        start.plus(run.fault().get().start()),
                        start.plus(run.fault().get().end()))))
                .orElse("n/a");
    }

    private static String value(Figure figure) {
        return figure instanceof Figure.Value value ? String.format(Locale.ROOT, "%.2f", value.value()) : "n/a";
    }

    private static String figure(LoadReport report, String name) {
        return value(report.figures().get(name));
    }

    private static String total(LoadReport report, Counter counter) {
        Optional<TimeSeries> client = report.seriesNamed("client per second");
        return client.map(series -> String.valueOf(series.total(counter))).orElse("n/a");
    }
}
