package dev.stormwatch.diagnose;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.util.List;

/**
 * Reads JSON lines from a gateway through a {@link FieldMapping}. Numbers may arrive as JSON strings (nginx's
 * {@code escape=json} quotes every variable) and an empty string counts as absent.
 */
public final class JsonLinesReader {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final FieldMapping mapping;

    public JsonLinesReader(FieldMapping mapping) {
        this.mapping = mapping;
    }

    /** Streams every line to the sink; a line that is not a JSON object or lacks a required field is rejected. */
    public void read(BufferedReader in, EvidenceSink sink) throws IOException {
        long number = 0;
        String previous = null;
        String line;
        while ((line = in.readLine()) != null) {
            number++;
            if (line.isBlank()) {
                continue;
            }
            if (line.equals(previous)) {
                sink.duplicateLine(number);
            }
            previous = line;
            readLine(line, number, sink);
        }
    }

    void readLine(String line, long number, EvidenceSink sink) {
        JsonNode node;
        try {
            node = JSON.readTree(line);
        } catch (JsonProcessingException e) {
            sink.reject(number, "not a JSON object: " + e.getOriginalMessage(), line);
            return;
        }
        if (node == null || !node.isObject()) {
            sink.reject(number, "expected a JSON object on each line", line);
            return;
        }
        String timeText = text(node, "time");
        if (timeText == null) {
            sink.reject(number, "missing field '" + mapping.describe("time") + "' (mapped as time)", line);
            return;
        }
        long time = Timestamps.parse(timeText);
        if (time == Timestamps.INVALID) {
            sink.reject(
                    number,
                    "field '" + mapping.describe("time") + "' is not a timestamp (expected epoch seconds,"
                            + " epoch milliseconds or ISO 8601): '" + timeText + "'",
                    line);
            return;
        }
        String statusText = text(node, "status");
        int status;
        try {
            status = statusText == null ? -1 : Integer.parseInt(statusText.strip());
        } catch (NumberFormatException e) {
            status = -1;
        }
        if (status < 0 || status > 999) {
            sink.reject(
                    number,
                    statusText == null
                            ? "missing field '" + mapping.describe("status") + "' (mapped as status)"
                            : "field '" + mapping.describe("status") + "' is not a status: '" + statusText + "'",
                    line);
            return;
        }
        String uri = text(node, "uri");
        if (uri == null) {
            sink.reject(number, "missing field '" + mapping.describe("uri") + "' (mapped as uri)", line);
            return;
        }
        long duration = -1;
        String durationText = text(node, "duration");
        if (durationText != null) {
            try {
                double value = Double.parseDouble(durationText.strip());
                duration = Math.round(mapping.durationInSeconds() ? value * 1000 : value);
            } catch (NumberFormatException e) {
                sink.reject(
                        number,
                        "field '" + mapping.describe("duration") + "' is not a number: '" + durationText + "'",
                        line);
                return;
            }
        }
        long start = mapping.timeIsEnd() && duration > 0 ? time - duration : time;
        String client = text(node, "client");
        // DG19: an address names the machine, not the connection: no port.
        if (mapping.clientIsAddress()) {
            client = FieldMapping.clientAddress(client);
        }
        sink.accept(
                new ObservedRequest(
                        start,
                        duration,
                        client,
                        text(node, "method"),
                        uri,
                        status,
                        text(node, "retry_after"),
                        text(node, "date"),
                        text(node, "idempotency_key"),
                        marked(node)),
                number);
    }

    /** DG16: whether a throttle mark of the mapping says the server throttled this request. */
    private boolean marked(JsonNode node) {
        for (FieldMapping.ThrottleMark mark : mapping.throttleMarks()) {
            if (mark.matches(text(node, List.<String[]>of(mark.path())))) {
                return true;
            }
        }
        return false;
    }

    /** The first present, non-empty value of a role's paths, as text; numbers become their text. */
    private String text(JsonNode node, String role) {
        List<String[]> paths = mapping.fields().get(role);
        return paths == null ? null : text(node, paths);
    }

    private static String text(JsonNode node, List<String[]> paths) {
        for (String[] path : paths) {
            JsonNode value = node;
            for (String part : path) {
                value = value == null ? null : value.get(part);
            }
            if (value == null || value.isNull() || value.isContainerNode()) {
                continue;
            }
            // An unquoted $msec (1764583200.123) is a double; its plain digits, not 1.764583200123E9.
            String text = value.isFloatingPointNumber() ? value.decimalValue().toPlainString() : value.asText();
            if (!text.isEmpty()) {
                return text;
            }
        }
        return null;
    }
}
