package dev.stormwatch.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.base.Sleeper;
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.RecordingSleeper;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.Socket;
import java.net.SocketException;
import java.security.MessageDigest;
import java.time.Duration;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import okhttp3.Response;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The relay's edges over real sockets, read from its answers and its own record: the admin endpoints, a quota changed
 * while it runs, what a refused method or credential is told, the model's answer in detail, and the slowdown of a
 * collapsed model. Tests without a rule ID prove the relay's own behaviour, which the spec does not number.
 */
class RelayEdgesTest {

    private static final ObjectMapper JSON = new ObjectMapper();

    private final FakeClock clock = FakeClock.at("2026-01-01T00:00:10.250Z");

    @RegisterExtension
    final RelayOnSockets sockets = new RelayOnSockets();

    private Relay relay;

    private Relay start(RelayConfig config) throws IOException {
        relay = sockets.start(config.withClock(clock));
        return relay;
    }

    private int status(String method, String path, String authorization) throws IOException {
        try (Response response = sockets.send(method, path, authorization, null)) {
            return response.code();
        }
    }

    private JsonNode json(Response response) throws IOException {
        try (response) {
            return JSON.readTree(response.body().string());
        }
    }

    @Test
    @DisplayName("L10: the relay's counters, one per outcome, read its own record whenever they are scraped")
    void metersReadTheRecordPerOutcome() throws IOException {
        start(RelayConfig.defaults().withQuota(new Quota(1, Duration.ofMinutes(1))));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        RelayMeters.bind(registry, relay.log());

        status("GET", "/v1/models", "Bearer sk-demo");
        status("GET", "/v1/models", "Bearer sk-demo");
        status("GET", "/v1/models", "Bearer sk-other");
        status("GET", "/v1/models", "Bearer sk-other");

        assertThat(registry.find(RelayMeters.REQUESTS).functionCounters()).hasSize(RelayOutcome.values().length);
        assertThat(count(registry, "ok")).isEqualTo(1.0);
        assertThat(count(registry, "quota_exceeded")).isEqualTo(1.0);
        assertThat(count(registry, "unauthorized")).isEqualTo(2.0);
        assertThat(count(registry, "outage")).isZero();
        assertThat(registry.get(RelayMeters.REQUESTS)
                        .tag("outcome", "ok")
                        .functionCounter()
                        .getId()
                        .getDescription())
                .isEqualTo("Requests the relay answered, by outcome");
    }

    private static double count(SimpleMeterRegistry registry, String outcome) {
        return registry.get(RelayMeters.REQUESTS)
                .tag("outcome", outcome)
                .functionCounter()
                .count();
    }

    @Test
    @DisplayName("the record over HTTP: every field of a request, its time spent, and a refusal of other methods")
    void theRecordOverHttpHasEveryField() throws IOException {
        // The model's latency moves the clock, so the relay's record shows the time it spent.
        start(RelayConfig.defaults()
                .withSleeper(clock::advance)
                .withLatency(new LatencyModel(Duration.ofMillis(250), 0)));
        status("GET", "/v1/models", "Bearer sk-demo");
        status("GET", "/v1/models", null);

        JsonNode all = json(sockets.send("GET", Relay.REQUESTS_PATH, null, null));
        assertThat(all.path("next").asLong()).isEqualTo(2);
        assertThat(all.path("records")).hasSize(2);
        JsonNode first = all.path("records").get(0);
        assertThat(first.path("sequence").asLong()).isZero();
        assertThat(first.path("at").asText()).isEqualTo("2026-01-01T00:00:10.250Z");
        assertThat(first.path("principal").asText()).isEqualTo(Authenticator.fingerprint("sk-demo"));
        assertThat(first.path("endpoint").asText()).isEqualTo("/v1/models");
        assertThat(first.path("outcome").asText()).isEqualTo("OK");
        assertThat(first.path("status").asInt()).isEqualTo(200);
        assertThat(first.path("latency_ms").asDouble()).isEqualTo(250.0);
        assertThat(all.path("records").get(1).path("principal").asText()).isEqualTo("-");
        assertThat(all.path("records").get(1).path("latency_ms").asDouble()).isZero();
        assertThat(all.path("totals").path("UNAUTHORIZED").asLong()).isEqualTo(1);

        try (Response refused = sockets.send("POST", Relay.REQUESTS_PATH, null, "{}")) {
            assertThat(refused.code()).isEqualTo(405);
            assertThat(refused.body().string()).contains("use GET");
        }
        try (Response refused = sockets.send("GET", Relay.REQUESTS_PATH + "?since=yesterday", null, null)) {
            assertThat(refused.code()).isEqualTo(400);
            assertThat(refused.body().string()).contains("since is a number");
        }
    }

    @Test
    @DisplayName("a hiccup asked over HTTP is answered first, then resets every open connection; only POST asks")
    void aHiccupAskedOverHttpResetsLater() throws Exception {
        start(RelayConfig.defaults());
        assertThat(status("GET", Relay.HICCUP_PATH, null)).isEqualTo(405);
        try (Socket idle = new Socket("127.0.0.1", relay.port())) {
            idle.setSoTimeout(10_000);
            awaitOpenConnections(1);

            JsonNode answer = json(sockets.send("POST", Relay.HICCUP_PATH, null, null));

            assertThat(answer.path("hiccup_in_ms").asLong()).isEqualTo(50);
            assertThatThrownBy(() -> idle.getInputStream().read()).isInstanceOf(SocketException.class);
        }
    }

    @Test
    @DisplayName("a hiccup on the timeline resets the connections open at its moment")
    void aPlannedHiccupResetsOpenConnections() throws Exception {
        start(RelayConfig.defaults().withDisruptions(List.of(new Disruption.Hiccup(Duration.ofSeconds(2)))));
        try (Socket idle = new Socket("127.0.0.1", relay.port())) {
            idle.setSoTimeout(15_000);
            awaitOpenConnections(1);

            assertThatThrownBy(() -> idle.getInputStream().read()).isInstanceOf(SocketException.class);
        }
    }

    private void awaitOpenConnections(int count) throws InterruptedException {
        for (int i = 0; i < 1_000 && relay.openConnections() < count; i++) {
            Thread.sleep(5);
        }
        assertThat(relay.openConnections()).isGreaterThanOrEqualTo(count);
    }

    @Test
    @DisplayName("RH6, LB9: a quota set while the relay runs applies from the next request, in its dialect or nginx's")
    void aQuotaSetWhileRunningAppliesAtOnce() throws IOException {
        start(RelayConfig.defaults());
        assertThat(status("GET", "/v1/models", "Bearer sk-demo")).isEqualTo(200);

        relay.useRateLimits(Optional.of(new Quota(1, Duration.ofMinutes(1))), RateLimitDialect.OPENAI);
        try (Response admitted = sockets.send("GET", "/v1/models", "Bearer sk-demo", null)) {
            assertThat(admitted.code()).as("the counts start afresh").isEqualTo(200);
            assertThat(admitted.header("x-ratelimit-remaining-requests")).isEqualTo("0");
            assertThat(admitted.header("x-ratelimit-reset-requests")).isEqualTo("49.75s");
        }
        try (Response refused = sockets.send("GET", "/v1/models", "Bearer sk-demo", null)) {
            assertThat(refused.code()).isEqualTo(429);
            assertThat(refused.header("retry-after-ms")).isEqualTo("49750");
            assertThat(refused.body().string()).contains("quota of 1 requests per 60 s reached");
        }

        relay.useRateLimits(Optional.of(Quota.leakyBucket(1)), RateLimitDialect.OPENAI);
        try (Response admitted = sockets.send("GET", "/v1/models", "Bearer sk-demo", null)) {
            assertThat(admitted.code()).isEqualTo(200);
            assertThat(admitted.header("x-ratelimit-remaining-requests"))
                    .as("nginx speaks no dialect")
                    .isNull();
        }
        try (Response refused = sockets.send("GET", "/v1/models", "Bearer sk-demo", null)) {
            assertThat(refused.code()).isEqualTo(429);
            assertThat(refused.header("Retry-After")).isEqualTo("2");
            assertThat(refused.header("x-ratelimit-remaining-requests")).isNull();
        }

        relay.useRateLimits(Optional.empty(), RateLimitDialect.PLAIN);
        for (int i = 0; i < 3; i++) {
            assertThat(status("GET", "/v1/models", "Bearer sk-demo")).isEqualTo(200);
        }
        assertThatThrownBy(() -> relay.useRateLimits(null, RateLimitDialect.PLAIN))
                .hasMessage("quota");
        assertThatThrownBy(() -> relay.useRateLimits(Optional.empty(), null)).hasMessage("dialect");
    }

    @Test
    @DisplayName("a wrong method is told the one allowed, and a missing credential both schemes the relay accepts")
    void refusalsSayWhatIsAccepted() throws IOException {
        start(RelayConfig.defaults());
        try (Response refused = sockets.send("POST", "/v1/models", "Bearer sk-demo", "{}")) {
            assertThat(refused.code()).isEqualTo(405);
            assertThat(refused.header("Allow")).isEqualTo("GET");
        }
        try (Response refused = sockets.send("GET", "/v1/chat/completions", "Bearer sk-demo", null)) {
            assertThat(refused.code()).isEqualTo(405);
            assertThat(refused.header("Allow")).isEqualTo("POST");
            assertThat(json(refused).path("error").path("code").asText()).isEqualTo("method_not_allowed");
        }
        try (Response refused = sockets.send("GET", "/v1/models", null, null)) {
            assertThat(refused.code()).isEqualTo(401);
            assertThat(refused.headers("WWW-Authenticate"))
                    .containsExactly(
                            "Bearer realm=\"stormwatch-relay\"",
                            "DPoP algs=\"ES256 ES384 ES512 RS256 RS384 RS512 PS256 PS384 PS512\"");
        }
        assertThat(relay.log().all())
                .extracting(RequestRecord::outcome)
                .containsExactly(RelayOutcome.BAD_REQUEST, RelayOutcome.BAD_REQUEST, RelayOutcome.UNAUTHORIZED);
    }

    @Test
    @DisplayName("RC6: the record names a key by the first 8 hex digits of its SHA-256, and only a Bearer key counts")
    void keysAreFingerprintedAndOnlyBearerCounts() throws Exception {
        start(RelayConfig.defaults());
        String sha =
                HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest("sk-demo".getBytes()));

        assertThat(status("GET", "/v1/models", "bearer    sk-demo"))
                .as("any case, any spaces")
                .isEqualTo(200);
        assertThat(status("GET", "/v1/models", "Bearer")).isEqualTo(401);
        assertThat(status("GET", "/v1/models", "Basic sk-demo")).isEqualTo(401);
        assertThat(status("GET", "/v1/models", "DPoP sk-demo")).isEqualTo(401);
        assertThat(status("GET", "/v1/models", "Bearer a.b.c"))
                .as("a JWT's shape, and no issuer")
                .isEqualTo(401);

        assertThat(relay.log().all().get(0).principal()).isEqualTo("key-" + sha.substring(0, 8));
    }

    @Test
    @DisplayName("the model answers a chat with its id, time, reply and token usage, and lists its models")
    void theModelsAnswerInDetail() throws IOException {
        start(RelayConfig.defaults());
        status("GET", "/v1/models", null);
        clock.advance(Duration.ofSeconds(5));
        String chat = "{\"model\":\"storm-large\",\"messages\":[{\"role\":\"user\",\"content\":\"" + "a".repeat(40)
                + "\"},{\"role\":\"user\",\"content\":\"hi\"}]}";

        JsonNode answer = json(sockets.send("POST", "/v1/chat/completions", "Bearer sk-demo", chat));

        assertThat(answer.path("id").asText()).isEqualTo("chatcmpl-1");
        assertThat(answer.path("created").asLong()).isEqualTo(clock.instant().getEpochSecond());
        assertThat(answer.path("model").asText()).isEqualTo("storm-large");
        JsonNode choice = answer.path("choices").get(0);
        assertThat(choice.path("index").asInt()).isZero();
        assertThat(choice.path("finish_reason").asText()).isEqualTo("stop");
        assertThat(choice.path("message").path("content").asText())
                .isEqualTo("This is a simulated reply from storm-large.");
        // 40 characters are 10 tokens, 2 still count 1; the reply's 43 characters are 10.
        assertThat(answer.path("usage").path("prompt_tokens").asInt()).isEqualTo(11);
        assertThat(answer.path("usage").path("completion_tokens").asInt()).isEqualTo(10);
        assertThat(answer.path("usage").path("total_tokens").asInt()).isEqualTo(21);

        JsonNode models = json(sockets.send("GET", "/v1/models", "Bearer sk-demo", null));
        assertThat(models.path("object").asText()).isEqualTo("list");
        assertThat(models.path("data"))
                .extracting(m -> m.path("id").asText())
                .containsExactly("storm-mini", "storm-large");
        assertThat(models.path("data").get(0).path("created").asLong())
                .as("when the relay started")
                .isEqualTo(clock.instant().minusSeconds(5).getEpochSecond());
        assertThat(models.path("data").get(1).path("owned_by").asText()).isEqualTo("stormwatch");
    }

    @Test
    @DisplayName("a collapsed model slows what it admits by 1 + refusals / capacity")
    void aCollapsedModelSlowsDown() throws Exception {
        HoldFirst sleeper = new HoldFirst();
        start(RelayConfig.defaults()
                .withCapacity(1, true)
                .withSleeper(sleeper)
                .withLatency(new LatencyModel(Duration.ofMillis(100), 0)));
        CompletableFuture<Integer> first = CompletableFuture.supplyAsync(() -> {
            try {
                return status("GET", "/v1/models", "Bearer sk-demo");
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });
        assertThat(sleeper.entered.await(10, TimeUnit.SECONDS)).isTrue();
        assertThat(status("GET", "/v1/models", "Bearer sk-demo")).isEqualTo(503);
        assertThat(status("GET", "/v1/models", "Bearer sk-demo")).isEqualTo(503);
        sleeper.open.countDown();
        assertThat(first.get(10, TimeUnit.SECONDS)).isEqualTo(200);

        assertThat(status("GET", "/v1/models", "Bearer sk-demo")).isEqualTo(200);

        assertThat(sleeper.waits).containsExactly(Duration.ofMillis(100), Duration.ofMillis(300));
    }

    @Test
    @DisplayName("a delay fault is answered by the model after it, recorded as a fault of nobody in particular")
    void aDelayFaultIsAnsweredByTheModel() throws IOException {
        RecordingSleeper sleeper = new RecordingSleeper();
        start(RelayConfig.defaults().withSleeper(sleeper));
        relay.faults().inject("/v1/chat/completions", new dev.stormwatch.server.Fault.Delay(Duration.ofSeconds(2)));

        JsonNode answer = json(sockets.send(
                "POST",
                "/v1/chat/completions",
                "Bearer sk-demo",
                "{\"model\":\"storm-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"hi\"}]}"));

        assertThat(answer.path("object").asText()).isEqualTo("chat.completion");
        assertThat(sleeper.waits()).containsExactly(Duration.ofSeconds(2));
        assertThat(relay.log().all())
                .extracting(RequestRecord::outcome, RequestRecord::principal, RequestRecord::status)
                .containsExactly(org.assertj.core.groups.Tuple.tuple(RelayOutcome.FAULT, "-", 200));
        try (Response missing = sockets.send(
                "POST", "/v1/chat/completions", "Bearer sk-demo", "{\"messages\":[{\"content\":\"hi\"}]}")) {
            assertThat(missing.code()).isEqualTo(400);
            assertThat(missing.body().string()).contains("'model' is required");
        }
    }

    @Test
    @DisplayName("a request served gives its slot back: one at a time, each of many is served")
    void servedRequestsGiveTheirSlotBack() throws IOException {
        start(RelayConfig.defaults().withCapacity(1, false));
        for (int i = 0; i < 3; i++) {
            assertThat(status("GET", "/v1/models", "Bearer sk-demo")).isEqualTo(200);
        }
        assertThat(relay.inFlight()).isZero();
    }

    @Test
    @DisplayName("closing the relay closes its port, and its timeline's thread never holds the JVM open")
    void closingTheRelayClosesItsPort() throws Exception {
        start(RelayConfig.defaults().withDisruptions(List.of(new Disruption.Hiccup(Duration.ofHours(1)))));
        int port = relay.port();
        assertThat(Thread.getAllStackTraces().keySet())
                .filteredOn(thread -> thread.getName().equals("relay-timeline"))
                .isNotEmpty()
                .allMatch(Thread::isDaemon);

        relay.close();

        assertThatThrownBy(() -> new Socket("127.0.0.1", port).close()).isInstanceOf(IOException.class);
    }

    /** Records every wait, and holds the first until the test opens it. */
    private static final class HoldFirst implements Sleeper {
        final List<Duration> waits = new CopyOnWriteArrayList<>();
        final CountDownLatch entered = new CountDownLatch(1);
        final CountDownLatch open = new CountDownLatch(1);

        @Override
        public void sleep(Duration duration) {
            waits.add(duration);
            if (waits.size() == 1) {
                entered.countDown();
                try {
                    open.await(10, TimeUnit.SECONDS);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                }
            }
        }
    }
}
