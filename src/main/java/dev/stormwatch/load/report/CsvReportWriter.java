package dev.stormwatch.load.report;

import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.LatencySummary;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * Writes the series of a {@link LoadReport} as CSV (RFC 4180: comma separated, CRLF line ends, fields quoted when they
 * hold a comma, quote or line break): one row per bucket of every series, for a spreadsheet. Times in seconds and
 * milliseconds with three decimals. The report's text has been redacted before it gets here (RC6).
 */
public final class CsvReportWriter {

    private static final String LINE_END = "\r\n";

    private CsvReportWriter() {}

    /** The header row's column names. */
    public static List<String> columns() {
        List<String> columns = new ArrayList<>(List.of("series", "time_s"));
        for (Counter counter : Counter.values()) {
            columns.add(counter.key());
        }
        columns.addAll(List.of("max_in_flight", "latency_count", "p50_ms", "p95_ms", "p99_ms", "max_ms"));
        // CO1: the response time from each open-loop request's intended start, beside the service time above.
        columns.addAll(
                List.of("response_count", "response_p50_ms", "response_p95_ms", "response_p99_ms", "response_max_ms"));
        return List.copyOf(columns);
    }

    /** Writes the report to a file, replacing it. */
    public static void write(LoadReport report, Path file) throws IOException {
        try (Writer out = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
            write(report, out);
        }
    }

    /** Writes the report to a writer, which stays open. */
    public static void write(LoadReport report, Writer out) throws IOException {
        out.write(String.join(",", columns()));
        out.write(LINE_END);
        for (NamedSeries named : report.series()) {
            String name = quoted(named.name());
            for (Bucket bucket : named.series().buckets()) {
                StringBuilder row = new StringBuilder(name);
                row.append(',').append(seconds(bucket.offset().toNanos()));
                for (Counter counter : Counter.values()) {
                    row.append(',').append(bucket.count(counter));
                }
                LatencySummary latency = bucket.latency();
                row.append(',')
                        .append(bucket.maxInFlight())
                        .append(',')
                        .append(latency.count())
                        .append(',')
                        .append(millis(latency.p50().toNanos()))
                        .append(',')
                        .append(millis(latency.p95().toNanos()))
                        .append(',')
                        .append(millis(latency.p99().toNanos()))
                        .append(',')
                        .append(millis(latency.max().toNanos()));
                LatencySummary response = bucket.responseTime();
                row.append(',')
                        .append(response.count())
                        .append(',')
                        .append(millis(response.p50().toNanos()))
                        .append(',')
                        .append(millis(response.p95().toNanos()))
                        .append(',')
                        .append(millis(response.p99().toNanos()))
                        .append(',')
                        .append(millis(response.max().toNanos()));
                out.write(row.toString());
                out.write(LINE_END);
            }
        }
        out.flush();
    }

    /** A field, quoted (with its quotes doubled) when it holds a comma, a quote or a line break (RFC 4180 §2). */
    static String quoted(String field) {
        if (field.contains(",") || field.contains("\"") || field.contains("\n") || field.contains("\r")) {
            return '"' + field.replace("\"", "\"\"") + '"';
        }
        return field;
    }

    private static String seconds(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e9);
    }

    private static String millis(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }
}
