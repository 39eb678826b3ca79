package dev.stormwatch.diagnose;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.net.URI;
import java.util.HashMap;
import java.util.Map;

/**
 * Reads OpenTelemetry traces exported as OTLP/JSON (one {@code ExportTraceServiceRequest} per file, or one per line as
 * the collector's file exporter writes them): every client span with an HTTP method is a request. Attributes of the
 * current semantic conventions ({@code http.request.method}, {@code url.full}, {@code http.response.status_code},
 * {@code http.response.header.retry-after}, {@code http.request.header.idempotency-key}) and the older ones
 * ({@code http.method}, {@code http.url}, {@code http.status_code}) are both read. A resource's spans are read
 * together (an exporter's batch); the file is never held whole.
 *
 * <p>The client is the resource's {@code service.name} (with {@code service.instance.id} when present), or the
 * span or resource attribute named by the client key.
 */
public final class OtlpTraceReader {

    private static final ObjectMapper JSON = new ObjectMapper();
    /** SPAN_KIND_CLIENT in OTLP's enum. */
    private static final int CLIENT = 3;

    private final String clientKey;

    public OtlpTraceReader(String clientKey) {
        this.clientKey = clientKey;
    }

    /** Streams every client HTTP span to the sink; the span's position in the file is its "line". */
    public void read(InputStream in, EvidenceSink sink) throws IOException {
        long span = 0;
        try (JsonParser parser = JSON.getFactory().createParser(in)) {
            JsonToken token;
            while ((token = parser.nextToken()) != null) {
                if (token != JsonToken.START_OBJECT) {
                    sink.reject(span + 1, "expected OTLP/JSON: an object with resourceSpans", "");
                    return;
                }
                while (parser.nextToken() == JsonToken.FIELD_NAME) {
                    String name = parser.currentName();
                    parser.nextToken();
                    if (!name.equals("resourceSpans") || parser.currentToken() != JsonToken.START_ARRAY) {
                        parser.skipChildren();
                        continue;
                    }
                    while (parser.nextToken() == JsonToken.START_OBJECT) {
                        JsonNode resourceSpans = JSON.readTree(parser);
                        span = readResource(resourceSpans, span, sink);
                    }
                }
            }
        } catch (JsonProcessingException e) {
            sink.reject(
                    span + 1,
                    "the trace file breaks off or is not valid JSON after span " + span + ": " + e.getOriginalMessage(),
                    "");
        }
    }

    private long readResource(JsonNode resourceSpans, long span, EvidenceSink sink) {
        Map<String, String> resource = attributes(resourceSpans.at("/resource/attributes"));
        for (JsonNode scope : resourceSpans.path("scopeSpans")) {
            for (JsonNode s : scope.path("spans")) {
                span++;
                readSpan(s, resource, span, sink);
            }
        }
        return span;
    }

    private void readSpan(JsonNode span, Map<String, String> resource, long number, EvidenceSink sink) {
        JsonNode kind = span.path("kind");
        boolean client = kind.isInt() ? kind.asInt() == CLIENT : "SPAN_KIND_CLIENT".equals(kind.asText());
        Map<String, String> a = attributes(span.path("attributes"));
        String method = first(a, "http.request.method", "http.method");
        if (!client || method == null) {
            return; // a server or internal span, or not HTTP: not a request a client sent
        }
        long start = nanosToMillis(span.path("startTimeUnixNano").asText(""));
        long end = nanosToMillis(span.path("endTimeUnixNano").asText(""));
        if (start <= 0) {
            sink.reject(
                    number,
                    "span " + number + " has no startTimeUnixNano",
                    span.path("name").asText());
            return;
        }
        String statusText = first(a, "http.response.status_code", "http.status_code");
        int status;
        try {
            status = statusText == null ? 0 : Integer.parseInt(statusText);
        } catch (NumberFormatException e) {
            sink.reject(
                    number,
                    "span " + number + ": http.response.status_code is not a number: " + statusText,
                    span.path("name").asText());
            return;
        }
        String url = first(a, "url.full", "http.url");
        String target = url != null ? withoutFragment(url) : first(a, "url.path", "http.target");
        String who;
        if (clientKey != null) {
            who = a.containsKey(clientKey) ? a.get(clientKey) : resource.get(clientKey);
        } else {
            String service = resource.get("service.name");
            String instance = resource.get("service.instance.id");
            who = service == null ? instance : instance == null ? service : service + "/" + instance;
        }
        sink.accept(
                new ObservedRequest(
                        start,
                        end >= start ? end - start : -1,
                        who,
                        method,
                        target,
                        status,
                        first(a, "http.response.header.retry-after"),
                        first(a, "http.response.header.date"),
                        first(a, "http.request.header.idempotency-key")),
                number);
    }

    /** OTLP attributes as text: scalar values as they are, arrays by their first value (header attributes). */
    private static Map<String, String> attributes(JsonNode list) {
        Map<String, String> out = new HashMap<>();
        for (JsonNode attribute : list) {
            JsonNode value = attribute.path("value");
            JsonNode array = value.at("/arrayValue/values");
            JsonNode scalar = array.isArray() && array.size() > 0 ? array.get(0) : value;
            for (String type : new String[] {"stringValue", "intValue", "doubleValue", "boolValue"}) {
                if (scalar.has(type)) {
                    out.put(attribute.path("key").asText(), scalar.get(type).asText());
                    break;
                }
            }
        }
        return out;
    }

    private static String first(Map<String, String> attributes, String... names) {
        for (String name : names) {
            String value = attributes.get(name);
            if (value != null && !value.isEmpty()) {
                return value;
            }
        }
        return null;
    }

    private static long nanosToMillis(String nanos) {
        try {
            return Long.parseLong(nanos) / 1_000_000;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private static String withoutFragment(String url) {
        try {
            URI uri = URI.create(url);
            return new URI(uri.getScheme(), uri.getRawAuthority(), null, null, null).toString()
                    + uri.getRawPath()
                    + (uri.getRawQuery() == null ? "" : "?" + uri.getRawQuery());
        } catch (Exception e) {
            int hash = url.indexOf('#');
            return hash < 0 ? url : url.substring(0, hash);
        }
    }
}
