package dev.stormwatch.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.base.Sleeper;
import dev.stormwatch.server.Fault;
import dev.stormwatch.testing.FakeClock;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The relay over real sockets; every behaviour is checked from its own request record. */
class RelayTest {

    private static final String CHAT =
            "{\"model\":\"storm-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}";

    private final FakeClock clock = FakeClock.atNewYear();

    @RegisterExtension
    final RelayOnSockets sockets = new RelayOnSockets();

    private Relay relay;

    private Relay start(RelayConfig config) throws IOException {
        relay = sockets.start(config.withClock(clock));
        return relay;
    }

    @Test
    void acceptsTheDemoKeyAndRefusesAnythingElseWithoutRecordingTheSecret() throws IOException {
        start(RelayConfig.defaults());
        assertThat(models("sk-demo")).isEqualTo(200);
        assertThat(models("sk-wrong")).isEqualTo(401);
        assertThat(models(null)).isEqualTo(401);
        List<RequestRecord> log = relay.log().all();
        assertThat(log)
                .extracting(RequestRecord::outcome)
                .containsExactly(RelayOutcome.OK, RelayOutcome.UNAUTHORIZED, RelayOutcome.UNAUTHORIZED);
        assertThat(log.get(0).principal()).startsWith("key-").doesNotContain("sk-demo");
    }

    @Test
    void answersChatCompletionsInTheOpenAiShape() throws IOException {
        start(RelayConfig.defaults());
        try (Response response = chat("application/json", CHAT)) {
            assertThat(response.code()).isEqualTo(200);
            JsonNode body = new ObjectMapper().readTree(response.body().string());
            assertThat(body.path("object").asText()).isEqualTo("chat.completion");
            assertThat(body.path("choices").get(0).path("message").path("role").asText())
                    .isEqualTo("assistant");
            assertThat(body.path("usage").path("total_tokens").asInt()).isPositive();
        }
    }

    @Test
    void badChatRequestsGetTheirErrorAndTheRelayKeepsServing() throws IOException {
        start(RelayConfig.defaults());
        assertThat(code(chat("text/plain", CHAT))).isEqualTo(415);
        assertThat(code(chat("application/json", "{\"model\":"))).isEqualTo(400);
        assertThat(code(chat("application/json", "{\"model\":\"gpt-9\",\"messages\":[{}]}")))
                .isEqualTo(404);
        assertThat(code(chat("application/json", "{\"model\":\"storm-mini\"}"))).isEqualTo(400);
        assertThat(code(chat("application/json", "[]"))).isEqualTo(400);
        assertThat(code(chat("application/json", CHAT))).isEqualTo(200);
        assertThat(relay.log().totals())
                .containsEntry(RelayOutcome.BAD_REQUEST, 5L)
                .containsEntry(RelayOutcome.OK, 1L);
    }

    @Test
    void quotaAnswers429WithRetryAfterUntilTheWindowEnds() throws IOException {
        start(RelayConfig.defaults().withQuota(new Quota(3, Duration.ofMinutes(1))));
        for (int i = 0; i < 3; i++) {
            assertThat(models("sk-demo")).isEqualTo(200);
        }
        try (Response refused = get("sk-demo")) {
            assertThat(refused.code()).isEqualTo(429);
            assertThat(refused.header("Retry-After")).isEqualTo("60");
        }
        clock.advance(Duration.ofSeconds(59).plusMillis(999));
        try (Response refused = get("sk-demo")) {
            assertThat(refused.header("Retry-After")).isEqualTo("1");
        }
        clock.advance(Duration.ofMillis(1));
        assertThat(models("sk-demo")).isEqualTo(200);
        assertThat(relay.log().all())
                .extracting(RequestRecord::outcome)
                .containsExactly(
                        RelayOutcome.OK,
                        RelayOutcome.OK,
                        RelayOutcome.OK,
                        RelayOutcome.QUOTA_EXCEEDED,
                        RelayOutcome.QUOTA_EXCEEDED,
                        RelayOutcome.OK);
    }

    @Test
    void quotaIsPerPrincipal() throws IOException {
        start(RelayConfig.defaults()
                .withApiKeys(List.of("sk-a", "sk-b"))
                .withQuota(new Quota(1, Duration.ofMinutes(1))));
        assertThat(models("sk-a")).isEqualTo(200);
        assertThat(models("sk-a")).isEqualTo(429);
        assertThat(models("sk-b")).isEqualTo(200);
    }

    @Test
    void beyondCapacityTheRelayAnswers503() throws Exception {
        Gate gate = new Gate();
        start(RelayConfig.defaults()
                .withCapacity(1, false)
                .withSleeper(gate)
                .withLatency(new LatencyModel(Duration.ofSeconds(1), 0)));
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> modelsUnchecked("sk-demo"));
        assertThat(gate.entered.await(5, TimeUnit.SECONDS)).isTrue();
        assertThat(relay.inFlight()).isEqualTo(1);
        assertThat(models("sk-demo")).isEqualTo(503);
        gate.open.countDown();
        assertThat(first.get(5, TimeUnit.SECONDS)).isEqualTo(200);
        assertThat(relay.log().totals())
                .containsEntry(RelayOutcome.OVERLOADED, 1L)
                .containsEntry(RelayOutcome.OK, 1L);
    }

    @Test
    void anOutageAnswers503FromItsStartUntilItsEnd() throws IOException {
        start(RelayConfig.defaults()
                .withDisruptions(List.of(new Disruption.Outage(Duration.ofSeconds(10), Duration.ofSeconds(20)))));
        int[] codes = new int[5];
        Duration[] steps = {
            Duration.ofMillis(9_999),
            Duration.ofMillis(1),
            Duration.ofMillis(9_999),
            Duration.ofMillis(1),
            Duration.ofMillis(1)
        };
        for (int i = 0; i < steps.length; i++) {
            clock.advance(steps[i]);
            codes[i] = models("sk-demo");
        }
        assertThat(codes).containsExactly(200, 503, 503, 200, 200);
        assertThat(relay.log().totals()).containsEntry(RelayOutcome.OUTAGE, 2L);
    }

    @Test
    void anOutageAnswersTheStatusItWasGiven() throws IOException {
        start(RelayConfig.defaults()
                .withDisruptions(List.of(new Disruption.Outage(Duration.ZERO, Duration.ofSeconds(10), 502))));

        assertThat(models("sk-demo")).isEqualTo(502);
        assertThat(relay.log().totals()).containsEntry(RelayOutcome.OUTAGE, 1L);
    }

    @Test
    void aFullBrownOutFailsEveryRequestWith5xx() throws IOException {
        start(RelayConfig.defaults()
                .withDisruptions(List.of(new Disruption.BrownOut(Duration.ZERO, Duration.ofSeconds(10), 1.0))));
        for (int i = 0; i < 10; i++) {
            assertThat(models("sk-demo")).isIn(500, 502, 503);
        }
        clock.advance(Duration.ofSeconds(10));
        assertThat(models("sk-demo")).isEqualTo(200);
        assertThat(relay.log().totals()).containsEntry(RelayOutcome.BROWN_OUT, 10L);
    }

    @Test
    void aPartialBrownOutFailsAboutItsShareReproduciblyForASeed() throws IOException {
        start(RelayConfig.defaults()
                .withSeed(7)
                .withDisruptions(List.of(new Disruption.BrownOut(Duration.ZERO, Duration.ofSeconds(10), 0.3))));
        for (int i = 0; i < 200; i++) {
            models("sk-demo");
        }
        long failed = relay.log().totals().get(RelayOutcome.BROWN_OUT);
        assertThat(failed).isBetween(40L, 80L);
    }

    @Test
    void aHiccupResetsIdleConnectionsAndRequestsInFlight() throws Exception {
        Gate gate = new Gate();
        start(RelayConfig.defaults().withSleeper(gate).withLatency(new LatencyModel(Duration.ofSeconds(1), 0)));
        try (Socket idle = new Socket("127.0.0.1", relay.port())) {
            idle.setSoTimeout(5_000);
            CompletableFuture<Integer> busy = CompletableFuture.supplyAsync(() -> modelsUnchecked("sk-demo"));
            assertThat(gate.entered.await(5, TimeUnit.SECONDS)).isTrue();
            // The idle socket is connected once the kernel accepts it; the relay holds it a moment later.
            for (int i = 0; i < 500 && relay.openConnections() < 2; i++) {
                Thread.sleep(10);
            }
            assertThat(relay.hiccupNow()).isEqualTo(2);
            gate.open.countDown();
            assertThatThrownBy(() -> idle.getInputStream().read()).isInstanceOf(SocketException.class);
            assertThatThrownBy(() -> busy.get(5, TimeUnit.SECONDS)).hasRootCauseInstanceOf(IOException.class);
        }
        // The client learns of the reset before the server thread, released from the gate, writes its record.
        awaitRecords(1);
        assertThat(relay.log().totals()).containsEntry(RelayOutcome.RESET, 1L);
    }

    private void awaitRecords(long count) throws InterruptedException {
        for (int i = 0; i < 500 && relay.log().total() < count; i++) {
            Thread.sleep(10);
        }
    }

    @Test
    void injectedFaultsAreRecordedAsFaults() throws IOException {
        start(RelayConfig.defaults());
        relay.faults().inject("/v1/models", new Fault.ServerError(502), 2);
        assertThat(models("sk-demo")).isEqualTo(502);
        assertThat(models("sk-demo")).isEqualTo(502);
        assertThat(models("sk-demo")).isEqualTo(200);
        assertThat(relay.log().all())
                .extracting(RequestRecord::outcome, RequestRecord::status)
                .containsExactly(
                        org.assertj.core.groups.Tuple.tuple(RelayOutcome.FAULT, 502),
                        org.assertj.core.groups.Tuple.tuple(RelayOutcome.FAULT, 502),
                        org.assertj.core.groups.Tuple.tuple(RelayOutcome.OK, 200));
    }

    @Test
    void theRecordIsReadableOverHttp() throws IOException {
        start(RelayConfig.defaults());
        models("sk-demo");
        models("nope");
        try (Response response = sockets.client()
                .newCall(new Request.Builder()
                        .url(relay.baseUrl() + "/admin/requests?since=1")
                        .build())
                .execute()) {
            JsonNode body = new ObjectMapper().readTree(response.body().string());
            assertThat(body.path("next").asLong()).isEqualTo(2);
            assertThat(body.path("records")).hasSize(1);
            assertThat(body.path("records").get(0).path("outcome").asText()).isEqualTo("UNAUTHORIZED");
            assertThat(body.path("totals").path("OK").asLong()).isEqualTo(1);
        }
    }

    @Test
    void theRecordKeepsTheLatestRequestsAndExactTotals() throws IOException {
        start(RelayConfig.defaults().withRecordCapacity(3));
        for (int i = 0; i < 5; i++) {
            models("sk-demo");
        }
        assertThat(relay.log().all()).extracting(RequestRecord::sequence).containsExactly(2L, 3L, 4L);
        assertThat(relay.log().total()).isEqualTo(5);
    }

    /** Blocks the simulated latency until the test opens it, so that "in flight" is a state, not a race. */
    private static final class Gate implements Sleeper {
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch open = new CountDownLatch(1);

        @Override
        public void sleep(Duration duration) {
            entered.countDown();
            try {
                open.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private int models(String key) throws IOException {
        try (Response response = get(key)) {
            return response.code();
        }
    }

    private int modelsUnchecked(String key) {
        try {
            return models(key);
        } catch (IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private Response get(String key) throws IOException {
        Request.Builder request = new Request.Builder().url(relay.baseUrl() + "/v1/models");
        if (key != null) {
            request.header("Authorization", "Bearer " + key);
        }
        return sockets.client().newCall(request.build()).execute();
    }

    private Response chat(String contentType, String body) throws IOException {
        return sockets.client()
                .newCall(new Request.Builder()
                        .url(relay.baseUrl() + "/v1/chat/completions")
                        .header("Authorization", "Bearer sk-demo")
                        .post(RequestBody.create(body.getBytes(StandardCharsets.UTF_8), MediaType.get(contentType)))
                        .build())
                .execute();
    }

    private static int code(Response response) {
        try (response) {
            return response.code();
        }
    }
}
