package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.testing.WaitsBesideOtherTests;
import java.io.BufferedReader;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CN1, CN2 against a server nobody on the team wrote: Node.js's own http server, whose keep-alive timeout of 5 s
 * closes a connection idle that long, and a client that pauses 7 s between calls, as a person between clicks does.
 * Needs {@code node} on the PATH ({@code apt-get install nodejs}); skipped with that message when it is missing.
 */
@Tag("slow")
@WaitsBesideOtherTests
class NodeKeepAliveTest {

    private static final long PAUSE_MILLIS = 7_000;

    @TempDir
    Path folder;

    private Process node;
    private String base;
    private final List<AttemptEvent> events = new CopyOnWriteArrayList<>();

    @BeforeEach
    void startNode() throws Exception {
        assumeTrue(onPath("node"), "node is not on the PATH: apt-get install nodejs to run this test");
        Path script = folder.resolve("record-server.js");
        try (InputStream in = getClass().getResourceAsStream("/keepalive/record-server.js")) {
            Files.copy(in, script);
        }
        node = new ProcessBuilder("node", script.toString())
                .redirectErrorStream(true)
                .start();
        BufferedReader out = new BufferedReader(new InputStreamReader(node.getInputStream(), StandardCharsets.UTF_8));
        base = "http://127.0.0.1:" + Integer.parseInt(out.readLine().trim());
    }

    @AfterEach
    void stopNode() throws Exception {
        if (node != null) {
            node.getOutputStream().close();
            if (!node.waitFor(5, TimeUnit.SECONDS)) {
                node.destroyForcibly();
            }
        }
    }

    @Test
    @DisplayName("CN1, CN2: calls 7 s apart to Node's 5 s keep-alive all succeed, and Node reads each POST once")
    void callsSlowerThanNodesKeepAliveSucceed() throws Exception {
        ResilientClient client = ResilientClient.builder().listener(events::add).build();

        call(client, get("/models"));
        Thread.sleep(PAUSE_MILLIS);
        call(
                client,
                new Request.Builder()
                        .url(base + "/orders")
                        .post(RequestBody.create("{}", MediaType.get("application/json")))
                        .build());
        Thread.sleep(PAUSE_MILLIS);
        call(client, get("/models"));

        assertThat(events)
                .extracting(AttemptEvent::failure)
                .allSatisfy(failure -> assertThat(failure).isEmpty());
        assertThat(events).extracting(AttemptEvent::attempt).containsOnly(1);
        assertThat(events)
                .extracting(AttemptEvent::connection)
                .containsExactly(
                        ConnectionUse.OPENED, ConnectionUse.OPENED_NOT_RESENDABLE, ConnectionUse.OPENED_AFTER_STALE);
        assertThat(nodeRecord()).containsExactly("GET /models", "POST /orders", "GET /models");
    }

    private Request get(String path) {
        return new Request.Builder().url(base + path).build();
    }

    private static void call(ResilientClient client, Request request) {
        try (Response response = client.send(request, CallOptions.model("node"))) {
            assertThat(response.code()).isEqualTo(200);
        }
    }

    private List<String> nodeRecord() throws Exception {
        try (Response response = new OkHttpClient().newCall(get("/record")).execute()) {
            return List.of(new ObjectMapper().readValue(response.body().string(), String[].class));
        }
    }

    private static boolean onPath(String program) {
        String path = System.getenv("PATH");
        return path != null
                && java.util.Arrays.stream(path.split(java.io.File.pathSeparator))
                        .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
    }
}
