package dev.stormwatch.server;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * One HTTP response and how to deliver it. The server adds {@code Content-Length} and, when {@code autoDate} is on and
 * no {@code Date} header is given, a correct {@code Date} (RFC 9110 §6.6.1); a fault may give a skewed one or none.
 */
public record Response(
        int status, List<Map.Entry<String, String>> headers, byte[] body, boolean autoDate, Delivery delivery) {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final byte[] EMPTY = new byte[0];

    public Response {
        headers = List.copyOf(headers);
    }

    /** A JSON body from any Jackson-serialisable value. */
    public static Response json(int status, Object value) {
        return json(status, jsonBytes(value));
    }

    /** {@code value} as JSON bytes. */
    public static byte[] jsonBytes(Object value) {
        try {
            return JSON.writeValueAsBytes(value);
        } catch (JsonProcessingException e) {
            throw new IllegalArgumentException("value cannot be written as JSON: " + value.getClass(), e);
        }
    }

    /** A JSON body given as bytes, written as they are (also used for deliberately malformed JSON). */
    public static Response json(int status, byte[] body) {
        return of(status, "application/json", body);
    }

    /** An HTML page in UTF-8. */
    public static Response html(int status, String page) {
        return of(status, "text/html; charset=utf-8", page.getBytes(StandardCharsets.UTF_8));
    }

    /** Plain text in UTF-8. */
    public static Response text(int status, String text) {
        return of(status, "text/plain; charset=utf-8", text.getBytes(StandardCharsets.UTF_8));
    }

    /** A 302 redirect to {@code location}, with no body. */
    public static Response redirect(URI location) {
        return empty(302).withHeader("Location", location.toString());
    }

    /** A status with no body. */
    public static Response empty(int status) {
        return new Response(status, List.of(), EMPTY, true, Delivery.WHOLE);
    }

    /** No response at all: the connection is reset. */
    public static Response reset() {
        return empty(0).withDelivery(Delivery.RESET);
    }

    /** A body of any media type, written as it is. */
    public static Response of(int status, String contentType, byte[] body) {
        return new Response(status, List.of(Map.entry("Content-Type", contentType)), body, true, Delivery.WHOLE);
    }

    /** This response with one more header. */
    public Response withHeader(String name, String value) {
        List<Map.Entry<String, String>> more = new ArrayList<>(headers);
        more.add(Map.entry(name, value));
        return new Response(status, more, body, autoDate, delivery);
    }

    /** This response without an automatic {@code Date} header (a given one is still sent). */
    public Response withoutAutoDate() {
        return new Response(status, headers, body, false, delivery);
    }

    /** This response, delivered another way. */
    public Response withDelivery(Delivery how) {
        return new Response(status, headers, body, autoDate, how);
    }

    /** The first value of a header, by case-insensitive name. */
    public Optional<String> header(String name) {
        return headers.stream()
                .filter(h -> h.getKey().equalsIgnoreCase(name))
                .map(Map.Entry::getValue)
                .findFirst();
    }

    @Override
    public String toString() {
        // Bodies may carry tokens: never print them.
        return "Response[" + status + ", " + body.length + " bytes, " + delivery + "]";
    }
}
