package dev.stormwatch.load.report;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.load.series.Bucket;
import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.Figure;
import dev.stormwatch.load.series.LatencySummary;
import dev.stormwatch.load.series.TimeSeries;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads back a report written by {@link JsonReportWriter}: the proof, in tests, that the JSON file holds the whole
 * report. No window or command opens a report file yet; one that does (a report attached to a ticket) starts here.
 */
public final class JsonReportReader {

    private static final ObjectMapper MAPPER = new ObjectMapper();

    private JsonReportReader() {}

    /**
     * The report in this file.
     *
     * @throws UnreadableReportException when the file is not a Stormwatch load report of a known format
     * @throws IOException when the file cannot be read
     */
    public static LoadReport read(Path file) throws IOException, UnreadableReportException {
        return read(Files.readString(file));
    }

    /** The report in this JSON text. */
    public static LoadReport read(String json) throws UnreadableReportException {
        JsonNode root;
        try {
            root = MAPPER.readTree(json);
        } catch (JsonProcessingException e) {
            throw new UnreadableReportException("not JSON: " + e.getOriginalMessage());
        }
        if (root == null || !LoadReport.FORMAT.equals(root.path("format").asText())) {
            throw new UnreadableReportException("not a " + LoadReport.FORMAT + " file");
        }
        try {
            JsonNode outcomeNode = root.path("outcome");
            RunOutcome outcome = "partial".equals(outcomeNode.path("status").asText())
                    ? new RunOutcome.Partial(outcomeNode.path("reason").asText())
                    : new RunOutcome.Completed();
            List<String> notes = new ArrayList<>();
            root.path("notes").forEach(note -> notes.add(note.asText()));
            Map<String, Figure> figures = new LinkedHashMap<>();
            Iterator<Map.Entry<String, JsonNode>> fields =
                    root.path("figures").properties().iterator();
            while (fields.hasNext()) {
                Map.Entry<String, JsonNode> field = fields.next();
                JsonNode value = field.getValue();
                figures.put(
                        field.getKey(),
                        value.has("value")
                                ? Figure.of(value.get("value").asDouble())
                                : Figure.absent(value.path("absent").asText()));
            }
            List<NamedSeries> series = new ArrayList<>();
            for (JsonNode node : root.path("series")) {
                series.add(new NamedSeries(node.path("name").asText(), series(node)));
            }
            return new LoadReport(
                    root.path("title").asText(),
                    root.path("run").asText(),
                    Instant.parse(root.path("started_at").asText()),
                    Duration.ofMillis(root.path("planned_duration_ms").asLong()),
                    outcome,
                    root.path("seed").isNull() || root.path("seed").isMissingNode()
                            ? null
                            : root.path("seed").asLong(),
                    notes,
                    figures,
                    series);
        } catch (DateTimeParseException | IllegalArgumentException e) {
            throw new UnreadableReportException("a value is out of place: " + e.getMessage());
        }
    }

    private static TimeSeries series(JsonNode node) {
        List<Bucket> buckets = new ArrayList<>();
        for (JsonNode row : node.path("buckets")) {
            Map<Counter, Long> counts = new EnumMap<>(Counter.class);
            for (Counter counter : Counter.values()) {
                long count = row.path(counter.key()).asLong();
                if (count != 0) {
                    counts.put(counter, count);
                }
            }
            LatencySummary latency = latency(row, "latency_count", "");
            // CO1; a report written before response times were recorded has none.
            LatencySummary response = latency(row, "response_count", "response_");
            buckets.add(new Bucket(
                    Duration.ofMillis(row.path("offset_ms").asLong()),
                    counts,
                    row.path("max_in_flight").asLong(),
                    latency,
                    response));
        }
        return new TimeSeries(
                Instant.parse(node.path("start").asText()),
                Duration.ofMillis(node.path("bucket_width_ms").asLong()),
                buckets,
                node.path("events_outside").asLong());
    }

    private static LatencySummary latency(JsonNode row, String countField, String prefix) {
        long count = row.path(countField).asLong();
        return count == 0
                ? LatencySummary.NONE
                : new LatencySummary(
                        count,
                        micros(row, prefix + "p50_us"),
                        micros(row, prefix + "p95_us"),
                        micros(row, prefix + "p99_us"),
                        micros(row, prefix + "max_us"));
    }

    private static Duration micros(JsonNode row, String field) {
        return Duration.ofNanos(row.path(field).asLong() * 1_000);
    }
}
