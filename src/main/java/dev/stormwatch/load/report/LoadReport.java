package dev.stormwatch.load.report;

import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.TimeSeries;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What a load run measured, ready to be written as JSON, CSV or a chart. Every text in it has been through
 * a {@link Redactor} (RC6), so no writer can leak a secret.
 *
 * @param title the scenario's title
 * @param run the run's settings, as {@code LoadOptions.describe()} gives them
 * @param startedAt when the run started (on the run's clock)
 * @param plannedDuration how long the run was meant to last
 * @param outcome completed, or partial with the reason
 * @param seed the seed of the run's random source, so that it can be replayed; null when none was fixed
 * @param notes sentences a reader needs (e.g. "non-loopback target: rate capped at 5/s")
 * @param figures the derived figures by name, in the order they were added
 * @param series the series, client and provider side, per second and per 100 ms
 */
public record LoadReport(
        String title,
        String run,
        Instant startedAt,
        Duration plannedDuration,
        RunOutcome outcome,
        Long seed,
        List<String> notes,
        Map<String, Figure> figures,
        List<NamedSeries> series) {

    /** The format name written into every JSON report, so that a reader can refuse what it does not know. */
    public static final String FORMAT = "stormwatch-load-report/1";

    /** Redacts every text by pattern, whoever builds the report; {@link #redacted} adds the run's known secrets. */
    public LoadReport {
        Redactor patterns = Redactor.PATTERNS_ONLY;
        title = patterns.redact(title);
        run = patterns.redact(run);
        outcome = redactOutcome(outcome, patterns);
        notes = redactAll(notes, patterns);
        figures = redactFigures(figures, patterns);
        series = redactNames(series, patterns);
    }

    /** This report with the run's own secrets removed from every text as well. */
    public LoadReport redacted(Redactor redactor) {
        return new LoadReport(
                redactor.redact(title),
                redactor.redact(run),
                startedAt,
                plannedDuration,
                redactOutcome(outcome, redactor),
                seed,
                redactAll(notes, redactor),
                redactFigures(figures, redactor),
                redactNames(series, redactor));
    }

    /** The seed, when the run had a fixed one. */
    public Optional<Long> seedIfFixed() {
        return Optional.ofNullable(seed);
    }

    /** The series with this name. */
    public Optional<TimeSeries> seriesNamed(String name) {
        return series.stream()
                .filter(named -> named.name().equals(name))
                .map(NamedSeries::series)
                .findFirst();
    }

    private static RunOutcome redactOutcome(RunOutcome outcome, Redactor redactor) {
        return outcome instanceof RunOutcome.Partial partial
                ? new RunOutcome.Partial(redactor.redact(partial.reason()))
                : outcome;
    }

    private static List<String> redactAll(List<String> texts, Redactor redactor) {
        List<String> redacted = new ArrayList<>();
        for (String text : texts) {
            redacted.add(redactor.redact(text));
        }
        return List.copyOf(redacted);
    }

    private static Map<String, Figure> redactFigures(Map<String, Figure> figures, Redactor redactor) {
        Map<String, Figure> redacted = new LinkedHashMap<>();
        figures.forEach((name, figure) -> redacted.put(
                redactor.redact(name),
                figure instanceof Figure.Absent absent ? Figure.absent(redactor.redact(absent.reason())) : figure));
        return java.util.Collections.unmodifiableMap(redacted);
    }

    private static List<NamedSeries> redactNames(List<NamedSeries> series, Redactor redactor) {
        List<NamedSeries> redacted = new ArrayList<>();
        for (NamedSeries named : series) {
            redacted.add(new NamedSeries(redactor.redact(named.name()), named.series()));
        }
        return List.copyOf(redacted);
    }
}
