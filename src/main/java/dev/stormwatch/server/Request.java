package dev.stormwatch.server;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One parsed HTTP/1.1 request (RFC 9112 §3): method, target split into path and query, headers with case-insensitive
 * names, and the whole body.
 */
public record Request(String method, String path, String rawQuery, Map<String, List<String>> headers, byte[] body) {

    public Request {
        Map<String, List<String>> lower = new LinkedHashMap<>();
        headers.forEach((name, values) -> lower.computeIfAbsent(name.toLowerCase(Locale.ROOT), k -> new ArrayList<>())
                .addAll(values));
        headers = lower;
        rawQuery = rawQuery == null ? "" : rawQuery;
    }

    /** The first value of a header, by case-insensitive name. */
    public Optional<String> header(String name) {
        List<String> values = headers.get(name.toLowerCase(Locale.ROOT));
        return values == null || values.isEmpty() ? Optional.empty() : Optional.of(values.get(0));
    }

    /** All values of a header, by case-insensitive name. */
    public List<String> headerValues(String name) {
        return headers.getOrDefault(name.toLowerCase(Locale.ROOT), List.of());
    }

    /** The query parameters, decoded (application/x-www-form-urlencoded rules), each name with all its values. */
    public Map<String, List<String>> queryParameters() {
        return FormBody.parse(rawQuery);
    }

    /** The body as UTF-8 text. */
    public String bodyText() {
        return new String(body, StandardCharsets.UTF_8);
    }

    /** True when the Content-Type's media type (parameters ignored) equals {@code mediaType}. */
    public boolean hasContentType(String mediaType) {
        return header("Content-Type")
                .map(value -> value.split(";", 2)[0].trim().equalsIgnoreCase(mediaType))
                .orElse(false);
    }

    @Override
    public String toString() {
        // Headers and body may carry tokens, codes or DPoP proofs: never print them.
        return "Request[" + method + " " + path + "]";
    }
}
