package dev.stormwatch.load.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.LatencySummary;
import dev.stormwatch.load.series.TimeSeries;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

/**
 * Writes a {@link LoadReport} as JSON (Jackson tree model, so the file's shape is spelled out here and not left to
 * reflection). Durations are integers: milliseconds for offsets and widths, microseconds for latencies.
 */
public final class JsonReportWriter {

    private static final ObjectMapper MAPPER = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private JsonReportWriter() {}

    /** Writes the report to a file, replacing it. */
    public static void write(LoadReport report, Path file) throws IOException {
        try (OutputStream out = Files.newOutputStream(file)) {
            write(report, out);
        }
    }

    /** Writes the report to a stream, which stays open. */
    public static void write(LoadReport report, OutputStream out) throws IOException {
        MAPPER.writer()
                .without(com.fasterxml.jackson.core.JsonGenerator.Feature.AUTO_CLOSE_TARGET)
                .writeValue(out, toJson(report));
    }

    /** The report as a JSON tree. */
    public static ObjectNode toJson(LoadReport report) {
        ObjectNode root = MAPPER.createObjectNode();
        root.put("format", LoadReport.FORMAT);
        root.put("title", report.title());
        root.put("run", report.run());
        root.put("started_at", report.startedAt().toString());
        root.put("planned_duration_ms", report.plannedDuration().toMillis());
        ObjectNode outcome = root.putObject("outcome");
        if (report.outcome() instanceof RunOutcome.Partial partial) {
            outcome.put("status", "partial");
            outcome.put("reason", partial.reason());
        } else {
            outcome.put("status", "completed");
        }
        if (report.seed() == null) {
            root.putNull("seed");
        } else {
            root.put("seed", report.seed());
        }
        ArrayNode notes = root.putArray("notes");
        report.notes().forEach(notes::add);
        ObjectNode figures = root.putObject("figures");
        report.figures().forEach((name, figure) -> {
            ObjectNode node = figures.putObject(name);
            if (figure instanceof Figure.Value value) {
                node.put("value", value.value());
            } else {
                node.put("absent", ((Figure.Absent) figure).reason());
            }
        });
        ArrayNode series = root.putArray("series");
        for (NamedSeries named : report.series()) {
            series.add(seriesJson(named));
        }
        return root;
    }

    private static ObjectNode seriesJson(NamedSeries named) {
        TimeSeries data = named.series();
        ObjectNode node = MAPPER.createObjectNode();
        node.put("name", named.name());
        node.put("start", data.start().toString());
        node.put("bucket_width_ms", data.bucketWidth().toMillis());
        node.put("events_outside", data.eventsOutside());
        ArrayNode buckets = node.putArray("buckets");
        for (Bucket bucket : data.buckets()) {
            ObjectNode row = buckets.addObject();
            row.put("offset_ms", bucket.offset().toMillis());
            for (Counter counter : Counter.values()) {
                row.put(counter.key(), bucket.count(counter));
            }
            row.put("max_in_flight", bucket.maxInFlight());
            LatencySummary latency = bucket.latency();
            row.put("latency_count", latency.count());
            row.put("p50_us", micros(latency.p50()));
            row.put("p95_us", micros(latency.p95()));
            row.put("p99_us", micros(latency.p99()));
            row.put("max_us", micros(latency.max()));
            // CO1: the response time from each open-loop request's intended start, beside the service time above.
            LatencySummary response = bucket.responseTime();
            row.put("response_count", response.count());
            row.put("response_p50_us", micros(response.p50()));
            row.put("response_p95_us", micros(response.p95()));
            row.put("response_p99_us", micros(response.p99()));
            row.put("response_max_us", micros(response.max()));
        }
        return node;
    }

    private static long micros(Duration duration) {
        return duration.toNanos() / 1_000;
    }
}
