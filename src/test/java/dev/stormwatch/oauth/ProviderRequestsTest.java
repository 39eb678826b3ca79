package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.http.RetryingExecutor;
import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.RetryPolicy;
import dev.stormwatch.testing.FakeClock;
import java.net.InetAddress;
import java.net.URI;
import java.time.Instant;
import java.util.Optional;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Protocol;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.SocketPolicy;
import okio.Buffer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class ProviderRequestsTest {

    private final FakeClock clock = new FakeClock(Instant.parse("2026-01-01T10:00:00Z"));
    private final MockWebServer server = new MockWebServer();
    private ProviderRequests requests;

    @BeforeEach
    void start() throws Exception {
        server.start(InetAddress.getByName("127.0.0.1"), 0);
        RetryingExecutor executor = RetryingExecutor.builder(new OkHttpClient())
                .clock(clock)
                .sleeper(clock::advance)
                .random(() -> 0.0)
                .build();
        requests = new ProviderRequests(executor, Optional.empty());
    }

    @AfterEach
    void stop() throws Exception {
        server.shutdown();
    }

    private static MockResponse bodyBreaksOff() {
        return new MockResponse()
                .setBody("{\"keys\":[" + "x".repeat(64 * 1024) + "]}")
                .setSocketPolicy(SocketPolicy.DISCONNECT_DURING_RESPONSE_BODY);
    }

    // Regression: a broken body said attempts = 1 and was not recorded in the budget.
    @Test
    @DisplayName(
            "E3, B1: a body that breaks off counts as a failed request of its step and of the budget, and is not resent")
    void aBodyThatBreaksOffCountsAgainstTheStepAndTheBudget() {
        server.enqueue(new MockResponse().setResponseCode(503).setHeader("Retry-After", "1"));
        server.enqueue(bodyBreaksOff());
        CallBudget budget = CallBudget.start(RetryPolicy.DEFAULT, clock);
        URI url = server.url("/jwks").uri();

        assertThatThrownBy(() -> requests.get(url, "jwks", budget))
                .isInstanceOfSatisfying(CallFailure.Recoverable.class, e -> {
                    assertThat(e.reason())
                            .isInstanceOfSatisfying(
                                    CallFailure.Network.class,
                                    n -> assertThat(n.kind()).isEqualTo(FailureKind.RESET_AFTER_SEND));
                    assertThat(e.attempts()).isEqualTo(2);
                });
        assertThat(budget.failedInAll()).isEqualTo(2);
        assertThat(budget.failedAt(Origin.of(url))).isEqualTo(2);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    @DisplayName(
            "E3: a broken body on a step's first request is attempt 1 of that step; the budget keeps earlier failures")
    void aBrokenBodyCountsOnlyTheFailuresOfItsOwnStep() {
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(new MockResponse().setBody("{}"));
        server.enqueue(bodyBreaksOff());
        CallBudget budget = CallBudget.start(RetryPolicy.DEFAULT, clock);
        assertThat(requests.get(server.url("/.well-known/openid-configuration").uri(), "discovery", budget)
                        .ok())
                .isTrue();

        assertThatThrownBy(() -> requests.get(server.url("/jwks").uri(), "jwks", budget))
                .isInstanceOfSatisfying(
                        CallFailure.Recoverable.class,
                        e -> assertThat(e.attempts()).isEqualTo(1));
        assertThat(budget.failedInAll()).isEqualTo(2);
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    // Provider response bodies are read with a 1 MiB cap (ProviderBody).

    @Test
    @DisplayName("a JWKS of 1 MiB + 1 byte is a Protocol error saying the body was over the limit, not read whole")
    void aBodyOverTheLimitIsAProtocolError() {
        server.enqueue(new MockResponse().setBody(new Buffer().write(new byte[(int) ProviderBody.MAX_BYTES + 1])));
        URI url = server.url("/jwks").uri();

        assertThatThrownBy(() -> requests.get(url, "jwks", CallBudget.start(RetryPolicy.DEFAULT, clock)))
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageStartingWith("response body")
                .hasMessageContaining("over the 1 MiB limit");
    }

    @Test
    @DisplayName("a chunked body (no Content-Length) over the limit is refused too")
    void aChunkedBodyOverTheLimitIsRefused() {
        server.enqueue(new MockResponse().setChunkedBody("x".repeat((int) ProviderBody.MAX_BYTES + 10), 64 * 1024));
        URI url = server.url("/token").uri();

        assertThatThrownBy(() -> requests.get(url, "token", CallBudget.start(RetryPolicy.DEFAULT, clock)))
                .isInstanceOf(CallFailure.Protocol.class)
                .hasMessageContaining("over the 1 MiB limit");
    }

    @Test
    void aBodyOfExactlyTheLimitIsRead() {
        server.enqueue(new MockResponse().setBody("y".repeat((int) ProviderBody.MAX_BYTES)));

        ProviderRequests.Answer answer =
                requests.get(server.url("/discovery").uri(), "discovery", CallBudget.start(RetryPolicy.DEFAULT, clock));

        assertThat(answer.body()).hasSize((int) ProviderBody.MAX_BYTES);
    }

    @Test
    @DisplayName("boundary: limit - 1 and limit are read, limit + 1 is refused, whether announced or streamed")
    void theLimitIsInclusive() throws Exception {
        assertThat(ProviderBody.read(response(9, true), 10)).hasSize(9);
        assertThat(ProviderBody.read(response(10, true), 10)).hasSize(10);
        assertThat(ProviderBody.read(response(10, false), 10)).hasSize(10);
        assertThatThrownBy(() -> ProviderBody.read(response(11, true), 10))
                .hasMessageContaining("over the 10 bytes limit");
        assertThatThrownBy(() -> ProviderBody.read(response(11, false), 10))
                .hasMessageContaining("over the 10 bytes limit");
    }

    @Test
    void aUtf8ByteOrderMarkIsNotPartOfTheText() throws Exception {
        Buffer bytes = new Buffer()
                .write(new byte[] {(byte) 0xEF, (byte) 0xBB, (byte) 0xBF})
                .writeUtf8("{}");
        Response response = base().body(ResponseBody.create(bytes, MediaType.get("application/json"), bytes.size()))
                .build();

        assertThat(ProviderBody.read(response)).isEqualTo("{}");
    }

    /** A response of n bytes, with its length announced or not (-1, as for a chunked body). */
    private static Response response(int n, boolean announced) {
        Buffer bytes = new Buffer().writeUtf8("z".repeat(n));
        return base().body(ResponseBody.create(bytes, MediaType.get("application/json"), announced ? n : -1))
                .build();
    }

    private static Response.Builder base() {
        return new Response.Builder()
                .request(new Request.Builder()
                        .url("https://login.example.com/jwks")
                        .build())
                .protocol(Protocol.HTTP_1_1)
                .code(200)
                .message("OK");
    }
}
