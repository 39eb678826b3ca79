package dev.stormwatch.server;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.RecordingSleeper;
import java.io.IOException;
import java.time.Duration;
import java.time.Instant;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.MediaType;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** Every fault kind, observed by a plain HTTP client (OkHttp, with its own retries off) on a real socket. */
class FaultsOnTheWireTest {

    private final FakeClock clock = new FakeClock(Instant.parse("2026-03-01T12:00:00.400Z"));
    private final RecordingSleeper sleeper = new RecordingSleeper();
    private final FaultPlan plan = new FaultPlan();
    private final AtomicInteger processed = new AtomicInteger();
    private final OkHttpClient client =
            new OkHttpClient.Builder().retryOnConnectionFailure(false).build();
    private LoopbackServer server;

    @BeforeEach
    void start() throws IOException {
        Handler real = request -> {
            processed.incrementAndGet();
            return Response200.json();
        };
        server = LoopbackServer.start(
                "faults",
                ServerOptions.defaults().withClock(clock).withSleeper(sleeper),
                Map.of(
                        "/token",
                        new FaultingHandler("/token", plan, new FaultResponder(clock, sleeper), real),
                        FaultAdmin.PATH,
                        new FaultAdmin(plan)));
    }

    @AfterEach
    void stop() {
        server.close();
        client.connectionPool().evictAll();
    }

    /** The endpoint's real answer. */
    private static final class Response200 {
        static dev.stormwatch.server.Response json() {
            return dev.stormwatch.server.Response.json(200, Map.of("access_token", "at", "token_type", "Bearer"));
        }
    }

    @Test
    @DisplayName("RA1: 429 with Retry-After in seconds and a correct Date, not processed")
    void throttleWithSeconds() throws IOException {
        plan.inject("/token", Fault.Throttle.seconds(429, Duration.ofSeconds(30)));
        try (Response response = post()) {
            assertThat(response.code()).isEqualTo(429);
            assertThat(response.header("Retry-After")).isEqualTo("30");
            assertThat(response.header("Date")).isEqualTo("Sun, 01 Mar 2026 12:00:00 GMT");
        }
        assertThat(processed).hasValue(0);
    }

    @Test
    @DisplayName("RA2: 503 with an HTTP-date Retry-After measured from a skewed Date")
    void throttleWithHttpDateAndSkewedDate() throws IOException {
        plan.inject(
                "/token",
                new Fault.Throttle(
                        503,
                        Optional.of(Duration.ofSeconds(120)),
                        Fault.RetryAfterForm.HTTP_DATE,
                        Fault.DateHeader.skewed(Duration.ofHours(-1))));
        try (Response response = post()) {
            assertThat(response.code()).isEqualTo(503);
            Instant date = httpDate(response.header("Date"));
            Instant retryAt = httpDate(response.header("Retry-After"));
            assertThat(date).isEqualTo(Instant.parse("2026-03-01T11:00:00Z"));
            assertThat(Duration.between(date, retryAt)).isEqualTo(Duration.ofSeconds(120));
        }
    }

    @Test
    @DisplayName("RA2: a throttle can leave the Date header out entirely")
    void throttleWithoutDate() throws IOException {
        plan.inject(
                "/token",
                new Fault.Throttle(
                        429,
                        Optional.of(Duration.ofSeconds(5)),
                        Fault.RetryAfterForm.HTTP_DATE,
                        Fault.DateHeader.MISSING));
        try (Response response = post()) {
            assertThat(response.header("Date")).isNull();
            assertThat(httpDate(response.header("Retry-After"))).isEqualTo(Instant.parse("2026-03-01T12:00:05Z"));
        }
    }

    @Test
    void throttleWithoutRetryAfter() throws IOException {
        plan.inject(
                "/token",
                new Fault.Throttle(503, Optional.empty(), Fault.RetryAfterForm.SECONDS, Fault.DateHeader.CORRECT));
        try (Response response = post()) {
            assertThat(response.code()).isEqualTo(503);
            assertThat(response.header("Retry-After")).isNull();
        }
    }

    @Test
    void serverErrorsAnswerTheirStatusThenTheEndpointRecovers() throws IOException {
        plan.inject("/token", new Fault.ServerError(500));
        plan.inject("/token", new Fault.ServerError(502));
        plan.inject("/token", new Fault.ServerError(504));
        for (int expected : new int[] {500, 502, 504, 200}) {
            try (Response response = post()) {
                assertThat(response.code()).isEqualTo(expected);
            }
        }
        assertThat(processed).hasValue(1);
    }

    @Test
    void theNextNResponsesGetTheFaultAndNoMore() throws IOException {
        plan.inject("/token", new Fault.ServerError(500), 2);
        int[] codes = new int[3];
        for (int i = 0; i < 3; i++) {
            try (Response response = post()) {
                codes[i] = response.code();
            }
        }
        assertThat(codes).containsExactly(500, 500, 200);
    }

    @Test
    void delayWaitsThenProcesses() throws IOException {
        plan.inject("/token", new Fault.Delay(Duration.ofSeconds(3)));
        try (Response response = post()) {
            assertThat(response.code()).isEqualTo(200);
        }
        assertThat(sleeper.waits()).containsExactly(Duration.ofSeconds(3));
        assertThat(processed).hasValue(1);
    }

    @Test
    void resetBeforeResponseFailsTheCallWithoutProcessing() {
        plan.inject("/token", new Fault.ResetBeforeResponse());
        assertThatThrownBy(this::post).isInstanceOf(IOException.class);
        assertThat(processed).hasValue(0);
    }

    @Test
    void slowBodyDribblesTheWholeBodyOverTheGivenTime() throws IOException {
        plan.inject("/token", new Fault.SlowBody(Duration.ofSeconds(2)));
        try (Response response = post()) {
            assertThat(response.body().string()).contains("access_token");
        }
        assertThat(sleeper.waits()).hasSize(9).allMatch(d -> d.equals(Duration.ofMillis(200)));
    }

    @Test
    void malformedJsonDoesNotParse() throws IOException {
        plan.inject("/token", new Fault.MalformedJson());
        try (Response response = post()) {
            assertThat(response.code()).isEqualTo(200);
            assertThat(response.header("Content-Type")).isEqualTo("application/json");
            String body = response.body().string();
            assertThatThrownBy(() -> new ObjectMapper().readTree(body)).isInstanceOf(JsonProcessingException.class);
        }
        assertThat(processed).hasValue(0);
    }

    @Test
    @DisplayName("F1: process-then-reset processes the request, then the client sees only a broken connection")
    void processThenReset() {
        plan.inject("/token", new Fault.ProcessThenReset());
        assertThatThrownBy(this::post).isInstanceOf(IOException.class);
        assertThat(processed).hasValue(1);
    }

    @Test
    void adminEndpointPlansFaultsFromJson() throws IOException {
        String json = "{\"endpoint\":\"/token\",\"fault\":\"429\",\"retry-after\":\"7\",\"times\":2}";
        try (Response response = postToAdmin(json)) {
            assertThat(response.code()).isEqualTo(201);
            assertThat(response.body().string()).contains("\"times\":2");
        }
        try (Response response = post()) {
            assertThat(response.code()).isEqualTo(429);
            assertThat(response.header("Retry-After")).isEqualTo("7");
        }
    }

    @Test
    void adminEndpointRefusesBadFaultsAndKeepsServing() throws IOException {
        try (Response response = postToAdmin("{\"endpoint\":\"/token\",\"fault\":\"418\"}")) {
            assertThat(response.code()).isEqualTo(400);
            assertThat(response.body().string()).contains("unknown fault '418'");
        }
        try (Response response = post()) {
            assertThat(response.code()).isEqualTo(200);
        }
        Request clear = new Request.Builder()
                .url(server.baseUri() + FaultAdmin.PATH)
                .delete()
                .build();
        try (Response response = client.newCall(clear).execute()) {
            assertThat(response.body().string()).isEqualTo("{\"pending\":[]}");
        }
    }

    // Regression: a duration too long to count escaped FaultSpec as a NumberFormatException and the admin answered 500.
    @Test
    void adminEndpointAnswers400ToADurationTooLongAndKeepsServing() throws IOException {
        String json = "{\"endpoint\":\"/token\",\"fault\":\"delay\",\"for\":\"99999999999999999999s\"}";
        try (Response response = postToAdmin(json)) {
            assertThat(response.code()).isEqualTo(400);
            assertThat(response.body().string()).contains("is too long; at most");
        }
        try (Response response = post()) {
            assertThat(response.code()).isEqualTo(200);
        }
    }

    private Response postToAdmin(String json) throws IOException {
        Request request = new Request.Builder()
                .url(server.baseUri() + FaultAdmin.PATH)
                .post(RequestBody.create(json, MediaType.get("application/json")))
                .build();
        return client.newCall(request).execute();
    }

    private Response post() throws IOException {
        Request request = new Request.Builder()
                .url(server.baseUri() + "/token")
                .post(RequestBody.create("grant_type=x", MediaType.get("application/x-www-form-urlencoded")))
                .build();
        return client.newCall(request).execute();
    }

    private static Instant httpDate(String text) {
        return ZonedDateTime.parse(text, DateTimeFormatter.RFC_1123_DATE_TIME).toInstant();
    }
}
