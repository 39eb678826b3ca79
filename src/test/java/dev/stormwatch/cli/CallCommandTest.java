package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Map;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code stormwatch call} over a real socket: one line per attempt, redacted secrets, clear errors. */
class CallCommandTest {

    private MockWebServer server;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.start();
    }

    @AfterEach
    void stop() throws IOException {
        server.shutdown();
    }

    private int run(Map<String, String> environment, String... args) {
        CommandLine cli = new CommandLine(new CallCommand(environment::get)).setCaseInsensitiveEnumValuesAllowed(true);
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return cli.execute(args);
    }

    @Test
    @DisplayName("RC1 RC6 CN3: prints each attempt, its connection and its verdict; the bearer token is never printed")
    void printsEachAttemptAndNeverTheToken() throws InterruptedException {
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "0"));
        server.enqueue(new MockResponse().setResponseCode(200));

        int exit = run(
                Map.of("TOKEN", "sk-live-S3CRET"),
                "--preset",
                "batch",
                "--bearer-env",
                "TOKEN",
                server.url("/v1/models").toString());

        assertThat(exit).isZero();
        assertThat(out.toString())
                .contains(
                        "Attempt 1: status 429, Retry-After 0 (0 ms) on a new connection -> RETRY",
                        "Attempt 2: status 200 on a reused connection -> DELIVER",
                        "Response:    200",
                        "Authorization: [redacted]]");
        assertThat(out.toString() + err).doesNotContain("S3CRET");
        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer sk-live-S3CRET");
    }

    @Test
    @DisplayName("--json prints exactly one JSON object: each attempt and the outcome, and never the token (RC6)")
    void jsonIsOneObjectForScripts() throws Exception {
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "0"));
        server.enqueue(new MockResponse().setResponseCode(200));

        int exit = run(
                Map.of("TOKEN", "sk-live-S3CRET"),
                "--json",
                "--preset",
                "batch",
                "--bearer-env",
                "TOKEN",
                server.url("/v1/models").toString());

        assertThat(exit).isZero();
        assertThat(out.toString().strip().lines()).hasSize(1);
        JsonNode root = new ObjectMapper().readTree(out.toString());
        assertThat(root.path("outcome").asText()).isEqualTo("response");
        assertThat(root.path("status").asInt()).isEqualTo(200);
        assertThat(root.path("attempts")).hasSize(2);
        assertThat(root.path("attempts").get(0).path("status").asInt()).isEqualTo(429);
        assertThat(root.path("attempts").get(0).path("verdict").asText()).isEqualTo("RETRY");
        assertThat(root.path("attempts").get(0).path("retry_after_s").asInt()).isZero();
        assertThat(root.path("attempts").get(1).path("connection").asText()).isEqualTo("reused connection");
        assertThat(out.toString() + err).doesNotContain("S3CRET");
    }

    @Test
    @DisplayName("RC2: a POST without an Idempotency-Key is sent once and says so")
    void aPostWithoutAKeyIsSentOnce() {
        server.enqueue(new MockResponse().setResponseCode(503));

        int exit = run(
                Map.of(), "-X", "POST", "--data", "{}", server.url("/v1/chat").toString());

        assertThat(exit).isZero();
        assertThat(out.toString()).contains("sent once", "Response:    503");
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    @DisplayName("ST2: an unreachable target exits 1 with a clear Network message")
    void anUnreachableTargetExitsOne() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }

        int exit = run(Map.of(), "--preset", "interactive", "http://127.0.0.1:" + port + "/v1/models");

        assertThat(exit).isEqualTo(1);
        assertThat(out.toString()).contains("Failed:", "the connection was refused");
    }

    // One duration grammar; --deadline once refused the minutes every other option accepts.
    @Test
    void aDeadlineInMinutesIsReadLikeEveryOtherDuration() {
        server.enqueue(new MockResponse().setResponseCode(200));

        assertThat(run(
                        Map.of(),
                        "--deadline",
                        "2m",
                        "--read-timeout",
                        "90",
                        server.url("/").toString()))
                .isZero();
        assertThat(err.toString()).isEmpty();
    }

    @Test
    @DisplayName("Bad input: a bad URL, duration or missing secret is a usage error that says what to do")
    void badInputIsAUsageError() {
        assertThat(run(Map.of(), "not a url")).isEqualTo(2);
        assertThat(err.toString()).contains("absolute http or https URL");
        assertThat(run(Map.of(), "--deadline", "soon", server.url("/").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("--deadline 'soon' is not a duration: write 90 (seconds)");
        assertThat(run(Map.of(), "--bearer-env", "NOPE", server.url("/").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("NOPE", "not set");
        assertThat(run(Map.of(), "--read-timeout", "0s", server.url("/").toString()))
                .isEqualTo(2);
        assertThat(err.toString()).contains("Invalid read timeout");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    @DisplayName("The root command offers 'call'")
    void theRootCommandOffersCall() {
        assertThat(StormwatchCommand.newCommandLine().getSubcommands()).containsKey("call");
    }
}
