package dev.stormwatch.relay;

import static org.assertj.core.api.Assertions.assertThat;

import com.code_intelligence.jazzer.junit.FuzzTest;
import dev.stormwatch.server.FaultPlan;
import dev.stormwatch.server.Request;
import dev.stormwatch.server.Response;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicLong;
import org.junit.jupiter.api.DisplayName;

/**
 * HD1: the relay's model API answers any request (headers, JSON body, API key, bearer token) with a status, never
 * with an exception the server would turn into a 500. An input is a request head in text ({@code METHOD PATH}, then
 * {@code Name: value} lines, a blank line, then the body), so the corpus under {@code RelayRequestFuzzTestInputs/}
 * reads like requests.
 */
class RelayRequestFuzzTest {

    @FuzzTest(maxDuration = "10m")
    @DisplayName("HD1: any request to the relay's model API is answered with a status other than 500")
    void anyRequestIsAnsweredWithoutA500(byte[] bytes) {
        Request request = requestOf(new String(bytes, StandardCharsets.UTF_8));
        ModelApi api = new ModelApi(
                RelayConfig.defaults().withSleeper(duration -> {}),
                URI.create("http://127.0.0.1:8081"),
                Instant.now(),
                new RequestLog(64),
                new FaultPlan(),
                new AtomicLong());

        Response answer =
                api.handle(request.path().startsWith(ModelApi.MODELS) ? ModelApi.MODELS : ModelApi.CHAT, request);

        assertThat(answer.status()).isBetween(200, 599).isNotEqualTo(500);
    }

    private static Request requestOf(String text) {
        int blank = text.indexOf("\n\n");
        String head = blank < 0 ? text : text.substring(0, blank);
        String body = blank < 0 ? "" : text.substring(blank + 2);
        String[] lines = head.split("\n", -1);
        String[] requestLine = lines[0].split(" ", 2);
        String method = requestLine[0];
        String target = requestLine.length > 1 ? requestLine[1] : "/";
        int question = target.indexOf('?');
        Map<String, List<String>> headers = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int colon = lines[i].indexOf(':');
            if (colon > 0) {
                headers.computeIfAbsent(lines[i].substring(0, colon), k -> new ArrayList<>())
                        .add(lines[i].substring(colon + 1).strip());
            }
        }
        return new Request(
                method,
                question < 0 ? target : target.substring(0, question),
                question < 0 ? "" : target.substring(question + 1),
                headers,
                body.getBytes(StandardCharsets.UTF_8));
    }
}
