package dev.stormwatch.diagnose;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import dev.stormwatch.testing.DebianChromium;
import dev.stormwatch.testing.DevTools;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Records a HAR with Debian's real Chromium: starts it headless with {@code --remote-debugging-port}, opens a page on a
 * small rate-limited server (one request per 300 ms, else 429 with {@code Retry-After: 1}), runs two fetch() clients in
 * the page (one waits for Retry-After, one retries after 10 ms), listens to the DevTools protocol's {@code Network}
 * events over its WebSocket and builds HAR 1.2 entries from them, the way DevTools' own "Save all as HAR" does
 * ({@code -1} for the timings it does not know, custom {@code _} fields). Chromium's {@code --log-net-log} writes a
 * NetLog, not a HAR, so the HAR is built from the protocol's events.
 *
 * <p>{@code main(harPath, truthPath)} writes the fixture under {@code src/test/resources/diagnose/har/}; the test
 * {@link ChromiumHarDiagnosisTest} runs it live when Chromium is installed.
 */
final class ChromiumHarRecorder {

    private static final ObjectMapper JSON = new ObjectMapper();

    /** What the page's clients recorded, one object per fetch: client, url, sent, got, status, ra. */
    record Recording(ObjectNode har, ArrayNode truth) {}

    static final String CLIENTS_SCRIPT = """
            (async () => {
              const out = [];
              async function client(name, honour, n) {
                for (let i = 0; i < n; i++) {
                  const url = '/api/' + name + '/item/' + i + '?access_token=not-a-real-token';
                  for (let a = 1; a <= 5; a++) {
                    const sent = Date.now();
                    const r = await fetch(url, {headers: {'X-Client-Id': name}, cache: 'no-store'});
                    await r.arrayBuffer();
                    const got = Date.now();
                    const ra = r.headers.get('Retry-After');
                    out.push({client: name, url: url, sent: sent, got: got, status: r.status, ra: ra});
                    if (r.status !== 429) break;
                    await new Promise(res => setTimeout(res, honour && ra ? Number(ra) * 1000 + 50 : 10));
                  }
                }
              }
              await Promise.all([client('patient', true, 3), client('eager', false, 4)]);
              return JSON.stringify(out);
            })()
            """;

    private ChromiumHarRecorder() {}

    static Optional<Path> chromium() {
        return DebianChromium.find();
    }

    public static void main(String[] args) throws Exception {
        Path work = Files.createTempDirectory("chromium-har");
        Recording recording = record(
                chromium()
                        .orElseThrow(() ->
                                new IllegalStateException("chromium is not installed (apt-get install chromium)")),
                work);
        ObjectMapper pretty = JSON.copy().enable(SerializationFeature.INDENT_OUTPUT);
        pretty.writeValue(Path.of(args[0]).toFile(), recording.har());
        pretty.writeValue(Path.of(args[1]).toFile(), recording.truth());
    }

    static Recording record(Path chromium, Path work) throws Exception {
        HttpServer server = stormServer();
        server.start();
        Process browser = null;
        try {
            Path profile = Files.createDirectories(work.resolve("profile"));
            browser = dev.stormwatch.testing.DebianChromium.startHeadless(
                    chromium, profile, "about:blank", work.resolve("chromium.log"));
            int port = DebianChromium.devToolsPort(profile, browser);
            HttpClient http = HttpClient.newHttpClient();
            String pageSocket = pageWebSocket(http, port);
            try (DevTools cdp = DevTools.connect(http, pageSocket)) {
                cdp.call("Network.enable", JSON.createObjectNode()).get(10, TimeUnit.SECONDS);
                cdp.call("Page.enable", JSON.createObjectNode()).get(10, TimeUnit.SECONDS);
                String origin = "http://127.0.0.1:" + server.getAddress().getPort();
                cdp.call("Page.navigate", JSON.createObjectNode().put("url", origin + "/"))
                        .get(10, TimeUnit.SECONDS);
                cdp.awaitEvent("Page.loadEventFired", Duration.ofSeconds(10));
                ObjectNode evaluate = JSON.createObjectNode()
                        .put("expression", CLIENTS_SCRIPT)
                        .put("awaitPromise", true)
                        .put("returnByValue", true);
                JsonNode result = cdp.call("Runtime.evaluate", evaluate).get(120, TimeUnit.SECONDS);
                ArrayNode truth =
                        (ArrayNode) JSON.readTree(result.at("/result/value").asText());
                Thread.sleep(300); // the last loadingFinished events
                return new Recording(har(cdp.events(), origin), truth);
            }
        } finally {
            if (browser != null) {
                DebianChromium.stop(browser);
            }
            server.stop(0);
        }
    }

    /** The page, and an API that allows one request per 300 ms and answers the rest 429 with Retry-After: 1. */
    private static HttpServer stormServer() throws IOException {
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        AtomicLong nextAllowed = new AtomicLong();
        server.createContext("/", exchange -> {
            byte[] body = "<!doctype html><title>storm</title><p>storm".getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "text/html");
            exchange.sendResponseHeaders(200, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        server.createContext("/api/", exchange -> {
            long now = System.currentTimeMillis();
            long allowed = nextAllowed.get();
            boolean ok = now >= allowed && nextAllowed.compareAndSet(allowed, now + 300);
            byte[] body = (ok ? "{\"ok\":true}" : "{\"error\":\"rate_limited\"}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", "application/json");
            exchange.getResponseHeaders().add("Cache-Control", "no-store");
            if (!ok) {
                exchange.getResponseHeaders().add("Retry-After", "1");
            }
            exchange.sendResponseHeaders(ok ? 200 : 429, body.length);
            exchange.getResponseBody().write(body);
            exchange.close();
        });
        return server;
    }

    private static String pageWebSocket(HttpClient http, int port) throws Exception {
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < deadline) {
            HttpResponse<String> list = http.send(
                    HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + port + "/json/list"))
                            .build(),
                    HttpResponse.BodyHandlers.ofString());
            for (JsonNode target : JSON.readTree(list.body())) {
                if ("page".equals(target.path("type").asText())) {
                    return target.path("webSocketDebuggerUrl").asText();
                }
            }
            Thread.sleep(100);
        }
        throw new IOException("chromium has no page target");
    }

    /** HAR 1.2 from the Network events of the API requests, in order of start, as DevTools exports them. */
    static ObjectNode har(List<JsonNode> events, String origin) {
        Map<String, ObjectNode> entries = new LinkedHashMap<>();
        Map<String, Double> startTimestamps = new ConcurrentHashMap<>();
        for (JsonNode event : events) {
            String method = event.path("method").asText();
            JsonNode p = event.path("params");
            String id = p.path("requestId").asText();
            switch (method) {
                case "Network.requestWillBeSent" -> {
                    if (!p.at("/request/url").asText().contains("/api/")) {
                        continue;
                    }
                    ObjectNode entry = JSON.createObjectNode();
                    double wall = p.path("wallTime").asDouble();
                    entry.put(
                            "startedDateTime",
                            Instant.ofEpochMilli(Math.round(wall * 1000)).toString());
                    entry.put("time", -1);
                    ObjectNode request = entry.putObject("request");
                    request.put("method", p.at("/request/method").asText());
                    request.put("url", p.at("/request/url").asText());
                    request.put("httpVersion", "HTTP/1.1");
                    request.set("headers", headers(p.at("/request/headers")));
                    request.putArray("queryString");
                    request.putArray("cookies");
                    request.put("headersSize", -1);
                    request.put("bodySize", 0);
                    entry.putObject("response").put("status", 0);
                    entry.putObject("cache");
                    ObjectNode timings = entry.putObject("timings");
                    for (String t : List.of("blocked", "dns", "ssl", "connect", "send", "wait", "receive")) {
                        timings.put(t, -1);
                    }
                    entry.put("_requestId", id);
                    entry.put("_initiator", p.at("/initiator/type").asText());
                    entries.put(id, entry);
                    startTimestamps.put(id, p.path("timestamp").asDouble());
                }
                case "Network.responseReceived" -> {
                    ObjectNode entry = entries.get(id);
                    if (entry == null) {
                        continue;
                    }
                    JsonNode r = p.path("response");
                    ObjectNode response = JSON.createObjectNode();
                    response.put("status", r.path("status").asInt());
                    response.put("statusText", r.path("statusText").asText());
                    response.put(
                            "httpVersion", r.path("protocol").asText("http/1.1").toUpperCase());
                    response.set("headers", headers(r.path("headers")));
                    response.putArray("cookies");
                    response.putObject("content")
                            .put("size", -1)
                            .put("mimeType", r.path("mimeType").asText());
                    response.put("redirectURL", "");
                    response.put("headersSize", -1);
                    response.put("bodySize", -1);
                    response.put("_transferSize", r.path("encodedDataLength").asLong());
                    entry.set("response", response);
                    double waitMs = (p.path("timestamp").asDouble() - startTimestamps.get(id)) * 1000;
                    ((ObjectNode) entry.get("timings")).put("wait", Math.max(0, Math.round(waitMs)));
                }
                case "Network.loadingFinished", "Network.loadingFailed" -> {
                    ObjectNode entry = entries.get(id);
                    if (entry == null) {
                        continue;
                    }
                    long total = Math.round((p.path("timestamp").asDouble() - startTimestamps.get(id)) * 1000);
                    entry.put("time", Math.max(0, total));
                    if (method.equals("Network.loadingFailed")) {
                        entry.put("_error", p.path("errorText").asText());
                    }
                }
                default -> {}
            }
        }
        ObjectNode har = JSON.createObjectNode();
        ObjectNode log = har.putObject("log");
        log.put("version", "1.2");
        log.putObject("creator")
                .put("name", "Chromium DevTools protocol (ChromiumHarRecorder)")
                .put("version", "1");
        log.putArray("pages");
        ArrayNode array = log.putArray("entries");
        entries.values().stream()
                .sorted(Comparator.comparing(e -> e.get("startedDateTime").asText()))
                .forEach(array::add);
        return har;
    }

    private static ArrayNode headers(JsonNode object) {
        ArrayNode out = JSON.createArrayNode();
        object.properties()
                .forEach(f -> out.addObject()
                        .put("name", f.getKey())
                        .put("value", f.getValue().asText()));
        return out;
    }
}
