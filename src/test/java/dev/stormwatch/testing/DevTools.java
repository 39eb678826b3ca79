package dev.stormwatch.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.WebSocket;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionStage;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

/**
 * The tests' one client of Chromium's DevTools protocol, over the JDK's WebSocket: numbered calls answered by their
 * result (or failed with the protocol's error), and every event kept in order for the test to read. Used for a page
 * (HAR recording) and for the whole browser (the addresses every tab showed).
 */
public final class DevTools implements WebSocket.Listener, AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final AtomicInteger ids = new AtomicInteger();
    private final Map<Integer, CompletableFuture<JsonNode>> calls = new ConcurrentHashMap<>();
    private final List<JsonNode> events = new CopyOnWriteArrayList<>();
    private final StringBuilder partial = new StringBuilder();
    private WebSocket socket;

    private DevTools() {}

    /** Connects to one DevTools WebSocket (a page's {@code webSocketDebuggerUrl}). */
    public static DevTools connect(HttpClient http, String url) throws Exception {
        DevTools devTools = new DevTools();
        devTools.socket =
                http.newWebSocketBuilder().buildAsync(URI.create(url), devTools).get(10, TimeUnit.SECONDS);
        return devTools;
    }

    /** Connects to the browser itself (its {@code /json/version} WebSocket) on the DevTools port. */
    public static DevTools browser(int port) throws Exception {
        HttpClient http = HttpClient.newHttpClient();
        String url = JSON.readTree(http.send(
                                HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/version"))
                                        .build(),
                                HttpResponse.BodyHandlers.ofString())
                        .body())
                .path("webSocketDebuggerUrl")
                .asText();
        return connect(http, url);
    }

    /** Sends one call; the future holds its result, or fails with the protocol's error. */
    public synchronized CompletableFuture<JsonNode> call(String method, ObjectNode params) {
        int id = ids.incrementAndGet();
        CompletableFuture<JsonNode> result = new CompletableFuture<>();
        calls.put(id, result);
        ObjectNode message = JSON.createObjectNode().put("id", id).put("method", method);
        message.set("params", params);
        socket.sendText(message.toString(), true).join(); // one message at a time, as the WebSocket requires
        return result;
    }

    /** A new, empty parameter object for {@link #call}. */
    public static ObjectNode params() {
        return JSON.createObjectNode();
    }

    /** Waits until an event with this method has come. */
    public void awaitEvent(String method, Duration timeout) throws Exception {
        awaitEvent(e -> method.equals(e.path("method").asText()), method, timeout);
    }

    /** Waits until an event that {@code wanted} accepts has come; {@code what} names it when none does. */
    public void awaitEvent(Predicate<JsonNode> wanted, String what, Duration timeout) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            if (events.stream().anyMatch(wanted)) {
                return;
            }
            Thread.sleep(50);
        }
        throw new IOException("no " + what + " within " + timeout);
    }

    /** Every event so far, in order. */
    public List<JsonNode> events() {
        return new ArrayList<>(events);
    }

    @Override
    public CompletionStage<?> onText(WebSocket webSocket, CharSequence data, boolean last) {
        partial.append(data);
        if (last) {
            try {
                JsonNode message = JSON.readTree(partial.toString());
                if (message.has("id")) {
                    CompletableFuture<JsonNode> call =
                            calls.remove(message.get("id").asInt());
                    if (call != null) {
                        if (message.has("error")) {
                            call.completeExceptionally(
                                    new IOException(message.get("error").toString()));
                        } else {
                            call.complete(message.path("result"));
                        }
                    }
                } else {
                    events.add(message);
                }
            } catch (IOException e) {
                // A message that is not JSON is not from DevTools; ignore it.
            }
            partial.setLength(0);
        }
        webSocket.request(1);
        return null;
    }

    @Override
    public void close() {
        socket.sendClose(WebSocket.NORMAL_CLOSURE, "done");
    }
}
