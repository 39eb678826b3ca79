package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.Map;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.RecordedRequest;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** {@code stormwatch call} over a real socket: the words of each attempt, each outcome and each refused option. */
class CallCommandEdgesTest {

    @RegisterExtension
    final CallCommandFixture call = new CallCommandFixture();

    @Test
    @DisplayName("RC2: --data goes with POST, PUT or PATCH only, and a method the HTTP client refuses is named by"
            + " --method; nothing is sent")
    void aBodyOrAMethodThatDoNotFitAreRefused() {
        int get = call.run("--data", "{}", call.url());
        int head = call.run("-X", "head", "--data", "{}", call.url());
        int proppatch = call.run("-X", "PROPPATCH", call.url());

        assertThat(get).isEqualTo(2);
        assertThat(head).isEqualTo(2);
        assertThat(proppatch).isEqualTo(2);
        assertThat(call.err())
                .contains("--data cannot go with GET; use POST, PUT or PATCH")
                .contains("--data cannot go with HEAD; use POST, PUT or PATCH")
                .contains("--method PROPPATCH: ");
        assertThat(call.server().getRequestCount()).isZero();
    }

    @Test
    @DisplayName("RC2: a PUT without --data sends an empty JSON body, and an Idempotency-Key makes a POST retryable")
    void aPutGetsAnEmptyBodyAndAKeyMakesAPostRetryable() throws Exception {
        call.server().enqueue(new MockResponse().setResponseCode(204));
        call.server().enqueue(new MockResponse().setResponseCode(201));

        int put = call.run("-X", "put", call.url());
        int post = call.run("-X", "POST", "--data", "{\"a\":1}", "--idempotency-key", "key-1", call.url());

        assertThat(put).isZero();
        assertThat(post).isZero();
        RecordedRequest first = call.server().takeRequest();
        assertThat(first.getMethod()).isEqualTo("PUT");
        assertThat(first.getBodySize()).isZero();
        assertThat(first.getHeader("Content-Type")).startsWith("application/json");
        RecordedRequest second = call.server().takeRequest();
        assertThat(second.getHeader("Idempotency-Key")).isEqualTo("key-1");
        assertThat(second.getBody().readUtf8()).isEqualTo("{\"a\":1}");
        assertThat(call.out())
                .contains("Sending PUT ")
                .contains("(interactive, retryable)")
                .contains("Response:    204")
                .contains("Response:    201");
    }

    @Test
    @DisplayName("RA6, RH1: an attempt line says a Retry-After it ignored, the other hint that decided, the wait and"
            + " the budget left")
    void anAttemptLineSaysEveryHint() {
        call.server().enqueue(new MockResponse().setResponseCode(503).setHeader("Retry-After", "soon"));
        call.server().enqueue(new MockResponse().setResponseCode(429).setHeader("retry-after-ms", "20"));
        call.server().enqueue(new MockResponse().setResponseCode(200).setStatus("HTTP/1.1 200 Fine"));

        int exit = call.run("--preset", "batch", call.url());

        assertThat(exit).isZero();
        assertThat(call.out())
                .containsPattern("Attempt 1: status 503, Retry-After soon \\(ignored\\) on a new connection -> RETRY,"
                        + " waiting \\d+ ms \\[budget left: \\d+ attempts, \\d+ ms\\]")
                .containsPattern("Attempt 2: status 429, wait from retry-after-ms: 20 \\(RH1\\) \\(20 ms\\) on a reused"
                        + " connection -> RETRY, waiting \\d+ ms")
                .containsPattern("Attempt 3: status 200 on a reused connection -> DELIVER \\[budget left")
                .contains("Response:    200 Fine");
    }

    @Test
    @DisplayName("ST1, E1: a call whose attempts all fail exits 1, in text and in --json, with the failure's words")
    void aCallThatFailsExitsOne() throws Exception {
        for (int i = 0; i < 8; i++) {
            call.server().enqueue(new MockResponse().setResponseCode(503).setHeader("Retry-After", "0"));
        }

        // batch: four attempts in a minute's budget, so a busy machine still reaches the first retry.
        int json = call.run("--json", "--preset", "batch", call.url());

        assertThat(json).isEqualTo(1);
        JsonNode root = new ObjectMapper().readTree(call.out());
        assertThat(root.path("outcome").asText()).isEqualTo("failed");
        assertThat(root.path("message").asText()).contains("answered 503");
        assertThat(root.path("preset").asText()).isEqualTo("batch");
        assertThat(root.path("retryable").asBoolean()).isTrue();
        assertThat(root.path("credential").isNull()).isTrue();
        assertThat(root.path("proxy").isNull()).isTrue();
        JsonNode first = root.path("attempts").get(0);
        assertThat(first.path("attempt").asInt()).isEqualTo(1);
        assertThat(first.path("failure").isNull()).isTrue();
        assertThat(first.path("retry_after").get(0).asText()).isEqualTo("0");
        assertThat(first.path("wait_hint").asText()).isEqualTo("retry-after: 0 (RA2)");
        assertThat(first.path("proxy").isNull()).isTrue();
        assertThat(first.path("delay_s").isNumber()).isTrue();
        assertThat(first.path("attempts_left_at_origin").isInt()).isTrue();
        assertThat(first.path("time_left_s").isNumber()).isTrue();
        JsonNode last = root.path("attempts").get(root.path("attempts").size() - 1);
        assertThat(last.path("verdict").asText()).isEqualTo("STOP");
        assertThat(last.path("delay_s").isNull()).isTrue();

        call.clearOut();
        for (int i = 0; i < 8; i++) {
            call.server().enqueue(new MockResponse().setResponseCode(503).setHeader("Retry-After", "0"));
        }
        assertThat(call.run("--preset", "batch", call.url())).isEqualTo(1);
        assertThat(call.out()).contains("Failed:      ").contains("answered 503");
    }

    @Test
    @DisplayName(
            "RC5: --deadline counts from the command's clock: the request carries that instant and the time" + " left")
    void theDeadlineCountsFromTheCommandsClock() throws Exception {
        java.time.Instant now = java.time.Instant.parse("2031-05-04T10:00:00Z");
        call.server().enqueue(new MockResponse().setBody("{}"));

        int exit = call.runAt(java.time.Clock.fixed(now, java.time.ZoneOffset.UTC), "--deadline", "2m", call.url());

        assertThat(exit).as(call.out()).isZero();
        RecordedRequest sent = call.server().takeRequest();
        assertThat(sent.getHeader("Request-Deadline")).isEqualTo("2031-05-04T10:02:00Z");
        assertThat(sent.getHeader("Request-Timeout")).isEqualTo("120000");
    }

    @Test
    @DisplayName("RC5: a deadline that has already passed refuses the call before anything is sent: exit 3")
    void aPassedDeadlineRefusesTheCall() throws Exception {
        int text = call.run("--deadline", "0", call.url());
        String printed = call.out();
        call.clearOut();
        int json = call.run("--json", "--deadline", "0", call.url());

        assertThat(text).isEqualTo(3);
        assertThat(printed).contains("Refused:     ");
        assertThat(json).isEqualTo(3);
        JsonNode root = new ObjectMapper().readTree(call.out());
        assertThat(root.path("outcome").asText()).isEqualTo("refused");
        assertThat(root.path("attempts")).isEmpty();
        assertThat(call.server().getRequestCount()).isZero();
    }

    @Test
    @DisplayName("RC6: a bearer token the client cannot send is refused naming --bearer-env, never printing it; a"
            + " blank one is not set")
    void aTokenThatCannotBeSentIsRefused() {
        int bad = call.run(Map.of("TOKEN", "sk-S3CRET\nX-Evil: 1"), "--bearer-env", "TOKEN", call.url());
        int blank = call.run(Map.of("TOKEN", "   "), "--bearer-env", "TOKEN", call.url());

        assertThat(bad).isEqualTo(2);
        assertThat(blank).isEqualTo(2);
        assertThat(call.err())
                .contains("--bearer-env TOKEN: ")
                .contains("--bearer-env TOKEN: that environment variable is not set or empty")
                .doesNotContain("S3CRET");
        assertThat(call.server().getRequestCount()).isZero();
    }

    @Test
    @DisplayName("RC3: a connect timeout of zero is refused as a read timeout of zero is")
    void aZeroConnectTimeoutIsRefused() {
        int exit = call.run("--connect-timeout", "0s", call.url());
        int soon = call.run("--connect-timeout", "soon", call.url());

        assertThat(exit).isEqualTo(2);
        assertThat(soon).isEqualTo(2);
        assertThat(call.err()).contains("connect timeout").contains("--connect-timeout 'soon' is not a duration");
        assertThat(call.server().getRequestCount()).isZero();
    }

    @Test
    @DisplayName("PX5, PX8: --proxy sends the call through the proxy, and both the call and each attempt name it")
    void theProxyIsNamedBeforeTheCallAndOnEachAttempt() throws Exception {
        call.server().enqueue(new MockResponse().setResponseCode(200));
        String proxy = call.server().getHostName() + ":" + call.server().getPort();

        int exit = call.run("--proxy", "http://" + proxy, "http://api.example/v1/models");

        assertThat(exit).as(call.err()).isZero();
        assertThat(call.out())
                .contains("(interactive, retryable, through the proxy " + proxy + ")")
                .contains(" through the proxy " + proxy + " -> DELIVER");
        assertThat(call.server().takeRequest().getRequestLine()).contains("http://api.example/v1/models");
    }

    @Test
    @DisplayName("PX5: --json names the proxy of the call and of each attempt, and the credential only redacted")
    void jsonNamesTheProxyAndRedactsTheCredential() throws Exception {
        call.server().enqueue(new MockResponse().setResponseCode(200));
        String proxy = call.server().getHostName() + ":" + call.server().getPort();

        int exit = call.run(
                Map.of("TOKEN", "sk-S3CRET"),
                "--json",
                "--bearer-env",
                "TOKEN",
                "--proxy",
                "http://" + proxy,
                "http://api.example/v1/models");

        assertThat(exit).as(call.err()).isZero();
        JsonNode root = new ObjectMapper().readTree(call.out());
        assertThat(root.path("proxy").asText()).isEqualTo(proxy);
        assertThat(root.path("attempts").get(0).path("proxy").asText()).isEqualTo(proxy);
        assertThat(root.path("credential").asText()).contains("redacted");
        assertThat(root.path("message").asText()).isNotNull();
        assertThat(call.out()).doesNotContain("S3CRET");
    }

    @Test
    @DisplayName("ST2: an attempt that reached no server says its network failure, in text and in --json")
    void anAttemptWithoutAnAnswerSaysItsFailure() throws Exception {
        String closed;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closed = "http://127.0.0.1:" + socket.getLocalPort() + "/v1/models";
        }

        int text = call.run("--preset", "interactive", closed);
        String printed = call.out();
        call.clearOut();
        int json = call.run("--json", "--preset", "interactive", closed);

        assertThat(text).isEqualTo(1);
        assertThat(printed).contains("Attempt 1: the connection was refused on a new connection -> ");
        assertThat(json).isEqualTo(1);
        JsonNode first =
                new ObjectMapper().readTree(call.out()).path("attempts").get(0);
        assertThat(first.path("status").isNull()).isTrue();
        assertThat(first.path("failure").asText()).isEqualTo("the connection was refused");
    }
}
