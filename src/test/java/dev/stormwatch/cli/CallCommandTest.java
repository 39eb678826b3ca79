package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Map;
import okhttp3.mockwebserver.MockResponse;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code stormwatch call} over a real socket: one line per attempt, redacted secrets, clear errors. */
class CallCommandTest {

    @RegisterExtension
    final CallCommandFixture call = new CallCommandFixture();

    @Test
    @DisplayName("RC1 RC6 CN3: prints each attempt, its connection and its verdict; the bearer token is never printed")
    void printsEachAttemptAndNeverTheToken() throws InterruptedException {
        call.server().enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "0"));
        call.server().enqueue(new MockResponse().setResponseCode(200));

        int exit =
                call.run(Map.of("TOKEN", "sk-live-S3CRET"), "--preset", "batch", "--bearer-env", "TOKEN", call.url());

        assertThat(exit).isZero();
        assertThat(call.out())
                .contains(
                        "Attempt 1: status 429, Retry-After 0 (0 ms) on a new connection -> RETRY",
                        "Attempt 2: status 200 on a reused connection -> DELIVER",
                        "Response:    200",
                        "Authorization: [redacted]]");
        assertThat(call.out() + call.err()).doesNotContain("S3CRET");
        assertThat(call.server().takeRequest().getHeader("Authorization")).isEqualTo("Bearer sk-live-S3CRET");
    }

    @Test
    @DisplayName("--json prints exactly one JSON object: each attempt and the outcome, and never the token (RC6)")
    void jsonIsOneObjectForScripts() throws Exception {
        call.server().enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "0"));
        call.server().enqueue(new MockResponse().setResponseCode(200));

        int exit = call.run(
                Map.of("TOKEN", "sk-live-S3CRET"), "--json", "--preset", "batch", "--bearer-env", "TOKEN", call.url());

        assertThat(exit).isZero();
        assertThat(call.out().strip().lines()).hasSize(1);
        JsonNode root = new ObjectMapper().readTree(call.out());
        assertThat(root.path("outcome").asText()).isEqualTo("response");
        assertThat(root.path("status").asInt()).isEqualTo(200);
        assertThat(root.path("attempts")).hasSize(2);
        assertThat(root.path("attempts").get(0).path("status").asInt()).isEqualTo(429);
        assertThat(root.path("attempts").get(0).path("verdict").asText()).isEqualTo("RETRY");
        assertThat(root.path("attempts").get(0).path("retry_after_s").asInt()).isZero();
        assertThat(root.path("attempts").get(1).path("connection").asText()).isEqualTo("reused connection");
        assertThat(call.out() + call.err()).doesNotContain("S3CRET");
    }

    @Test
    @DisplayName("RC2: a POST without an Idempotency-Key is sent once and says so")
    void aPostWithoutAKeyIsSentOnce() {
        call.server().enqueue(new MockResponse().setResponseCode(503));

        int exit = call.run(
                Map.of(),
                "-X",
                "POST",
                "--data",
                "{}",
                call.server().url("/v1/chat").toString());

        assertThat(exit).isZero();
        assertThat(call.out()).contains("sent once", "Response:    503");
        assertThat(call.server().getRequestCount()).isEqualTo(1);
    }

    @Test
    @DisplayName("ST2: an unreachable target exits 1 with a clear Network message")
    void anUnreachableTargetExitsOne() throws IOException {
        int port;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            port = socket.getLocalPort();
        }

        int exit = call.run(Map.of(), "--preset", "interactive", "http://127.0.0.1:" + port + "/v1/models");

        assertThat(exit).isEqualTo(1);
        assertThat(call.out()).contains("Failed:", "the connection was refused");
    }

    // One duration grammar; --deadline once refused the minutes every other option accepts.
    @Test
    void aDeadlineInMinutesIsReadLikeEveryOtherDuration() {
        call.server().enqueue(new MockResponse().setResponseCode(200));

        assertThat(call.run(
                        Map.of(),
                        "--deadline",
                        "2m",
                        "--read-timeout",
                        "90",
                        call.server().url("/").toString()))
                .isZero();
        assertThat(call.err()).isEmpty();
    }

    @Test
    @DisplayName("Bad input: a bad URL, duration or missing secret is a usage error that says what to do")
    void badInputIsAUsageError() {
        assertThat(call.run(Map.of(), "not a url")).isEqualTo(2);
        assertThat(call.err()).contains("absolute http or https URL");
        assertThat(call.run(
                        Map.of(), "--deadline", "soon", call.server().url("/").toString()))
                .isEqualTo(2);
        assertThat(call.err()).contains("--deadline 'soon' is not a duration: write 90 (seconds)");
        assertThat(call.run(
                        Map.of(), "--bearer-env", "NOPE", call.server().url("/").toString()))
                .isEqualTo(2);
        assertThat(call.err()).contains("NOPE", "not set");
        assertThat(call.run(
                        Map.of(), "--read-timeout", "0s", call.server().url("/").toString()))
                .isEqualTo(2);
        assertThat(call.err()).contains("Invalid read timeout");
        assertThat(call.server().getRequestCount()).isZero();
    }

    @Test
    @DisplayName("The root command offers 'call'")
    void theRootCommandOffersCall() {
        assertThat(StormwatchCommand.newCommandLine().getSubcommands()).containsKey("call");
    }
}
