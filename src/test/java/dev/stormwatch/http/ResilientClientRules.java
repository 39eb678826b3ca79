package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.limit.RateLimiterBuilder;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.PolicyPreset;
import dev.stormwatch.testing.FakeClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.RequestBody;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.RecordedRequest;
import okhttp3.mockwebserver.SocketPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The resilient client's rules (spec RC1–RC8), written once and run against both executors: each subclass
 * says how a call is made (blocking {@link ResilientClient#send} or asynchronous {@link ResilientClient#sendAsync}).
 * Real sockets (MockWebServer), a fake clock, and waits that move the clock instead of sleeping.
 */
abstract class ResilientClientRules {

    static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    static final String MODEL = "gpt-test";

    MockWebServer server;
    FakeClock clock;
    FakeWaits waits;
    double random;
    final List<AttemptEvent> events = new CopyOnWriteArrayList<>();
    final List<String> logLines = new CopyOnWriteArrayList<>();
    SimpleMeterRegistry registry;

    /** Makes one call the way this executor does, unwrapping an asynchronous failure to the typed error. */
    abstract Response call(ResilientClient client, Request request, CallOptions options);

    @BeforeEach
    void startServer() throws IOException {
        server = new MockWebServer();
        server.start();
        clock = new FakeClock(T0);
        waits = new FakeWaits(clock);
        random = 0.5;
        registry = new SimpleMeterRegistry();
    }

    @AfterEach
    void stopServer() throws IOException {
        server.shutdown();
    }

    ResilientClient.Builder client(PolicyPreset preset) {
        return ResilientClient.builder()
                .preset(preset)
                .clock(clock)
                .sleeper(waits)
                .scheduler(waits)
                .random(() -> random)
                .metrics(LimiterMetrics.on(registry))
                .listener(events::add)
                .log(logLines::add);
    }

    Request get() {
        return new Request.Builder().url(server.url("/v1/models")).build();
    }

    Request withBody(String method, String idempotencyKey) {
        Request.Builder builder = new Request.Builder()
                .url(server.url("/v1/chat/completions"))
                .method(method, RequestBody.create("{}", MediaType.get("application/json")));
        if (idempotencyKey != null) {
            builder.header(RequestIdempotency.IDEMPOTENCY_KEY, idempotencyKey);
        }
        return builder.build();
    }

    static MockResponse status(int code) {
        return new MockResponse().setResponseCode(code);
    }

    static MockResponse retryAfter(int code, String value) {
        return new MockResponse().setResponseCode(code).setHeader("Retry-After", value);
    }

    Response callOk(ResilientClient client, Request request, CallOptions options) {
        try (Response response = call(client, request, options)) {
            return response;
        }
    }

    CallFailure.Recoverable failure(ResilientClient client, Request request, CallOptions options) {
        CallFailure.Recoverable failure = catchThrowableOfType(
                CallFailure.Recoverable.class,
                () -> call(client, request, options).close());
        assertThat(failure)
                .as("the call must end with a typed Recoverable error")
                .isNotNull();
        return failure;
    }

    static Duration ms(double millis) {
        return Duration.ofNanos((long) (millis * 1_000_000));
    }

    // ---- RC1: bounded attempts, full jitter, Retry-After per RA1–RA7 ----

    @Test
    @DisplayName("RC1 B3: a 503 is retried with full jitter until the batch preset's 4 attempts run out")
    void a503IsRetriedWithFullJitterUntilTheAttemptsRunOut() {
        for (int i = 0; i < 4; i++) {
            server.enqueue(status(503));
        }
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.BATCH).build();

        CallFailure.Recoverable failure = failure(client, get(), CallOptions.model(MODEL));

        assertThat(failure.reason()).isInstanceOf(CallFailure.Server.class);
        assertThat(((CallFailure.Server) failure.reason()).status()).isEqualTo(503);
        assertThat(failure.attempts()).isEqualTo(4);
        assertThat(failure.retryAfter()).isEmpty();
        assertThat(server.getRequestCount()).isEqualTo(4);
        // uniform(0, min(8 s, 250 ms × 2^(n-1))) with random 0.5
        assertThat(waits.waits()).containsExactly(ms(125), ms(250), ms(500));
    }

    @Test
    @DisplayName("RC1 B4: full jitter scales the whole ceiling: a random 0 waits nothing, 0.99 waits 99% of it")
    void fullJitterScalesTheWholeCeiling() {
        server.enqueue(status(502));
        server.enqueue(status(502));
        server.enqueue(status(200));
        double[] draws = {0.0, 0.99};
        int[] next = {0};
        ResilientClient client =
                client(PolicyPreset.BATCH).random(() -> draws[next[0]++ % 2]).build();

        assertThat(callOk(client, get(), CallOptions.model(MODEL)).code()).isEqualTo(200);

        assertThat(waits.waits()).containsExactly(Duration.ZERO, ms(495));
    }

    @Test
    @DisplayName(
            "RC1 RA3 RA8: a Retry-After of 20 s is honoured in full plus its jitter, not capped at the article's 8 s")
    void aRetryAfterThatFitsIsHonouredBeyondTheArticlesCap() {
        server.enqueue(retryAfter(429, "20"));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.BATCH).build();

        assertThat(callOk(client, get(), CallOptions.model(MODEL)).code()).isEqualTo(200);

        // RA3: 20 s + 0.5 × min(2 s, 1 s)
        assertThat(waits.waits()).containsExactly(ms(20_500));
    }

    @Test
    @DisplayName("RC1 RA4: a Retry-After longer than the budget is returned to the caller, never shortened")
    void aRetryAfterLongerThanTheBudgetIsReturnedNotShortened() {
        server.enqueue(retryAfter(429, "5"));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.INTERACTIVE).build();

        CallFailure.Recoverable failure = failure(client, get(), CallOptions.model(MODEL));

        assertThat(failure.retryAfter()).contains(Duration.ofSeconds(5));
        assertThat(failure.attempts()).isEqualTo(1);
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(waits.waits()).isEmpty();
        assertThat(client.pauses().pausedUntil(Origin.of(server.url("/").uri())))
                .contains(T0.plusSeconds(5));
    }

    @Test
    @DisplayName("RC1 P2: while the pause a Retry-After started runs, the next call sends nothing (attempts = 0)")
    void aRunningPauseRefusesTheNextCallWithoutSending() {
        server.enqueue(retryAfter(503, "5"));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.INTERACTIVE).build();
        failure(client, get(), CallOptions.model(MODEL));
        clock.advance(Duration.ofSeconds(2));

        CallFailure.Recoverable refused = failure(client, get(), CallOptions.model(MODEL));

        assertThat(refused.refusedByPause()).isTrue();
        assertThat(refused.retryAfter()).contains(Duration.ofSeconds(3));
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(events).last().extracting(AttemptEvent::verdict).isEqualTo(AttemptEvent.Verdict.REFUSED_BY_PAUSE);
        clock.advance(Duration.ofSeconds(3)); // on the pause's end, requests go out again
        assertThat(callOk(client, get(), CallOptions.model(MODEL)).code()).isEqualTo(200);
    }

    @Test
    @DisplayName("RC1 RA5: Retry-After 0 forever ends at the attempt limit")
    void retryAfterZeroForeverEndsAtTheAttemptLimit() {
        for (int i = 0; i < 5; i++) {
            server.enqueue(retryAfter(429, "0"));
        }
        ResilientClient client = client(PolicyPreset.BATCH).build();

        CallFailure.Recoverable failure = failure(client, get(), CallOptions.model(MODEL));

        assertThat(failure.attempts()).isEqualTo(4);
        assertThat(server.getRequestCount()).isEqualTo(4);
        assertThat(waits.waits()).containsOnly(Duration.ZERO);
    }

    @Test
    @DisplayName("RC1 RA7: the Retry-After the caller sees is capped at 86 400 s")
    void theRetryAfterTheCallerSeesIsCappedAtADay() {
        server.enqueue(retryAfter(503, "999999"));
        ResilientClient client = client(PolicyPreset.INTERACTIVE).build();

        CallFailure.Recoverable failure = failure(client, get(), CallOptions.model(MODEL));

        assertThat(failure.retryAfter()).contains(Duration.ofSeconds(86_400));
    }

    @ParameterizedTest(name = "Retry-After ''{0}''")
    @ValueSource(strings = {"soon", "-1", "1.5", "", "10, 20", "Wed, 99 Foo 2026 00:00:00 GMT"})
    @DisplayName("RC1 RA6: a malformed Retry-After never fails a request: ordinary backoff applies")
    void aMalformedRetryAfterNeverFailsARequest(String value) {
        server.enqueue(retryAfter(503, value));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.INTERACTIVE).build();

        assertThat(callOk(client, get(), CallOptions.model(MODEL)).code()).isEqualTo(200);

        assertThat(waits.waits()).containsExactly(ms(125)); // 0.5 × 250 ms, as without the header
    }

    // ---- RC2: only idempotent requests are retried ----

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"GET", "HEAD", "OPTIONS", "PUT", "DELETE"})
    @DisplayName("RC2: idempotent methods are retried (PUT too, per RFC 9110, unlike the article)")
    void idempotentMethodsAreRetried(String method) {
        server.enqueue(status(503));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.INTERACTIVE).build();
        Request request = method.equals("PUT") || method.equals("DELETE")
                ? withBody(method, null)
                : new Request.Builder()
                        .url(server.url("/v1/models"))
                        .method(method, null)
                        .build();

        assertThat(callOk(client, request, CallOptions.model(MODEL)).code()).isEqualTo(200);

        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"POST", "PATCH"})
    @DisplayName("RC2: POST and PATCH with an Idempotency-Key are retried, with the same key")
    void postAndPatchWithAnIdempotencyKeyAreRetried(String method) throws InterruptedException {
        server.enqueue(status(503));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.INTERACTIVE).build();

        assertThat(callOk(client, withBody(method, "key-123"), CallOptions.model(MODEL))
                        .code())
                .isEqualTo(200);

        assertThat(server.getRequestCount()).isEqualTo(2);
        assertThat(server.takeRequest().getHeader("Idempotency-Key")).isEqualTo("key-123");
        assertThat(server.takeRequest().getHeader("Idempotency-Key")).isEqualTo("key-123");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"POST", "PATCH"})
    @DisplayName("RC2 A1: POST and PATCH without an Idempotency-Key are sent once; their 503 comes back as it is")
    void postAndPatchWithoutAKeyAreSentOnce(String method) {
        server.enqueue(retryAfter(503, "1"));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.BATCH).build();

        try (Response response = call(client, withBody(method, null), CallOptions.model(MODEL))) {
            assertThat(response.code()).isEqualTo(503);
            assertThat(response.header("Retry-After")).isEqualTo("1");
        }
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(waits.waits()).isEmpty();
    }

    @Test
    @DisplayName("RC2: a blank Idempotency-Key deduplicates nothing, so the POST is sent once")
    void aBlankIdempotencyKeyDoesNotMakeAPostRetryable() {
        server.enqueue(status(503));
        ResilientClient client = client(PolicyPreset.BATCH).build();

        try (Response response = call(client, withBody("POST", " "), CallOptions.model(MODEL))) {
            assertThat(response.code()).isEqualTo(503);
        }
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    @DisplayName("RC2 ST2: a GET whose connection drops after sending is retried")
    void aGetThatLostItsConnectionIsRetried() {
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.DISCONNECT_AFTER_REQUEST));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.INTERACTIVE).build();

        assertThat(callOk(client, get(), CallOptions.model(MODEL)).code()).isEqualTo(200);

        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    @DisplayName("RC2: a POST without a key whose connection drops after sending is not resent: a typed Network error")
    void aPostThatLostItsConnectionIsNotResent() {
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.DISCONNECT_AFTER_REQUEST));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.BATCH).build();

        CallFailure.Recoverable failure = failure(client, withBody("POST", null), CallOptions.model(MODEL));

        assertThat(failure.reason())
                .isInstanceOfSatisfying(
                        CallFailure.Network.class,
                        network -> assertThat(network.kind()).isEqualTo(FailureKind.RESET_AFTER_SEND));
        assertThat(failure.attempts()).isEqualTo(1);
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    // ---- RC3: timeouts ----

    @Test
    @DisplayName("RC3: the configured read timeout cuts each attempt; a silent server gives a typed READ_TIMEOUT")
    void theReadTimeoutCutsEachAttempt() {
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.NO_RESPONSE));
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.NO_RESPONSE));
        ResilientClient client = client(PolicyPreset.INTERACTIVE)
                .timeouts(ClientTimeouts.DEFAULT.withRead(Duration.ofMillis(200)))
                .build();

        CallFailure.Recoverable failure = failure(client, get(), CallOptions.model(MODEL));

        assertThat(failure.reason())
                .isInstanceOfSatisfying(
                        CallFailure.Network.class,
                        network -> assertThat(network.kind()).isEqualTo(FailureKind.READ_TIMEOUT));
        assertThat(failure.attempts()).isEqualTo(2);
    }

    // ---- RC4: interactive and batch presets ----

    @Test
    @DisplayName("RC4: the interactive preset stops after 2 attempts where batch would go on")
    void theInteractivePresetStopsAfterTwoAttempts() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(status(503));
        }
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.INTERACTIVE).build();

        CallFailure.Recoverable failure = failure(client, get(), CallOptions.model(MODEL));

        assertThat(failure.attempts()).isEqualTo(2);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    @DisplayName("RC4: a 3 s Retry-After ends an interactive call (2 s budget) but a batch call waits for it")
    void aRetryAfterThatOnlyBatchCanAfford() {
        server.enqueue(retryAfter(503, "3"));
        server.enqueue(retryAfter(503, "3"));
        server.enqueue(status(200));
        ResilientClient interactive = client(PolicyPreset.INTERACTIVE).build();
        ResilientClient batch = client(PolicyPreset.BATCH).build();

        assertThat(failure(interactive, get(), CallOptions.model(MODEL)).retryAfter())
                .contains(Duration.ofSeconds(3));
        assertThat(callOk(batch, get(), CallOptions.model(MODEL)).code()).isEqualTo(200);

        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    // ---- RC5: deadlines ----

    @Test
    @DisplayName("RC5: every attempt carries the deadline (RFC 3339) and what is left of it (ms) downstream")
    void everyAttemptCarriesTheRemainingDeadline() throws InterruptedException {
        server.enqueue(status(503));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.BATCH).build();
        CallOptions options = CallOptions.model(MODEL).withDeadline(RequestDeadline.at(T0.plusMillis(1500)));

        assertThat(callOk(client, get(), options).code()).isEqualTo(200);

        RecordedRequest first = server.takeRequest();
        RecordedRequest second = server.takeRequest();
        assertThat(first.getHeader("Request-Deadline")).isEqualTo("2026-01-01T00:00:01.500Z");
        assertThat(first.getHeader("Request-Timeout")).isEqualTo("1500");
        assertThat(second.getHeader("Request-Deadline")).isEqualTo("2026-01-01T00:00:01.500Z");
        assertThat(second.getHeader("Request-Timeout")).isEqualTo("1375"); // after a 125 ms wait
    }

    @Test
    @DisplayName("RC5 B3: a backoff that would end past the deadline is not started")
    void neverRetriesPastTheDeadline() {
        for (int i = 0; i < 4; i++) {
            server.enqueue(status(503));
        }
        random = 0.99;
        ResilientClient client = client(PolicyPreset.BATCH).build();
        CallOptions options = CallOptions.model(MODEL).withDeadline(RequestDeadline.at(T0.plusMillis(300)));

        CallFailure.Recoverable failure = failure(client, get(), options);

        // 247.5 ms fits in 300 ms; the next 495 ms does not fit in the 52.5 ms left.
        assertThat(waits.waits()).containsExactly(ms(247.5));
        assertThat(failure.attempts()).isEqualTo(2);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    @DisplayName("RC5 RA4: a Retry-After past the deadline is returned, not waited for")
    void aRetryAfterPastTheDeadlineIsReturned() {
        server.enqueue(retryAfter(429, "3"));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.BATCH).build();
        CallOptions options = CallOptions.model(MODEL).withDeadline(RequestDeadline.at(T0.plusSeconds(2)));

        CallFailure.Recoverable failure = failure(client, get(), options);

        assertThat(failure.retryAfter()).contains(Duration.ofSeconds(3));
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    @Test
    @Timeout(value = 30, unit = TimeUnit.SECONDS) // with the default 45 s read timeout it would take 90 s
    @DisplayName("RC5 RC3: an attempt's read timeout is shortened to what is left of the deadline")
    void theDeadlineShortensTheReadTimeout() {
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.NO_RESPONSE));
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.NO_RESPONSE));
        ResilientClient client = client(PolicyPreset.INTERACTIVE).build();
        CallOptions options = CallOptions.model(MODEL).withDeadline(RequestDeadline.at(T0.plusMillis(400)));

        CallFailure.Recoverable failure = failure(client, get(), options);

        assertThat(failure.reason())
                .isInstanceOfSatisfying(
                        CallFailure.Network.class,
                        network -> assertThat(network.kind()).isEqualTo(FailureKind.READ_TIMEOUT));
    }

    @Test
    @DisplayName("RC5: a deadline that has passed sends nothing: a typed DeadlineExpired")
    void aPassedDeadlineSendsNothing() {
        ResilientClient client = client(PolicyPreset.BATCH).build();
        CallOptions options = CallOptions.model(MODEL).withDeadline(RequestDeadline.at(T0));

        RequestRefused.DeadlineExpired refused = catchThrowableOfType(
                RequestRefused.DeadlineExpired.class,
                () -> call(client, get(), options).close());

        assertThat(refused).isNotNull();
        assertThat(refused.deadline()).isEqualTo(T0);
        assertThat(refused.attemptsSent()).isZero();
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    @DisplayName("RC5: a deadline forwarded on the request binds the nested client, even with a later one of its own")
    void aForwardedDeadlineBindsTheNestedClient() throws InterruptedException {
        for (int i = 0; i < 4; i++) {
            server.enqueue(status(503));
        }
        random = 0.99;
        ResilientClient client = client(PolicyPreset.BATCH).build();
        Request forwarded = get().newBuilder().header("Request-Timeout", "300").build();
        CallOptions later = CallOptions.model(MODEL).withDeadline(RequestDeadline.at(T0.plusSeconds(10)));

        CallFailure.Recoverable failure = failure(client, forwarded, later);

        assertThat(failure.attempts()).isEqualTo(2);
        assertThat(server.takeRequest().getHeader("Request-Deadline")).isEqualTo("2026-01-01T00:00:00.300Z");
    }

    // ---- RC6: secrets never logged ----

    @Test
    @DisplayName("RC6: the bearer token and a key in the query reach the server but no log line, event or error")
    void secretsReachTheServerButNoLogEventOrError() throws InterruptedException {
        server.enqueue(status(503));
        server.enqueue(status(503));
        ResilientClient client = client(PolicyPreset.INTERACTIVE)
                .credential(Credential.bearer("sk-live-S3CRET"))
                .build();
        Request request = new Request.Builder()
                .url(server.url("/v1/models?api_key=K3YVALUE&limit=5"))
                .build();

        CallFailure.Recoverable failure = failure(client, request, CallOptions.model(MODEL));

        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer sk-live-S3CRET");
        assertThat(logLines).isNotEmpty();
        assertThat(logLines)
                .anySatisfy(line ->
                        assertThat(line).contains("Authorization: [redacted]", "api_key=[redacted]", "limit=5"));
        List<String> visible = new java.util.ArrayList<>(logLines);
        visible.add(failure.getMessage());
        visible.add(failure.toString());
        events.forEach(event -> visible.add(event.toString()));
        visible.add(client.toString());
        assertThat(visible).noneSatisfy(text -> assertThat(text).containsAnyOf("S3CRET", "K3YVALUE"));
    }

    @Test
    @DisplayName("A2, RC6: a credential source is asked on every attempt: a token replaced between attempts goes out on"
            + " the retry, and no log line shows either token")
    void aCredentialSourceIsAskedOnEveryAttempt() throws InterruptedException {
        server.enqueue(status(503));
        server.enqueue(status(200));
        java.util.Iterator<String> tokens =
                List.of("tok-before-refresh", "tok-after-refresh").iterator();
        ResilientClient client = client(PolicyPreset.INTERACTIVE)
                .credential(() -> Credential.bearer(tokens.next()))
                .build();

        callOk(client, get(), CallOptions.model(MODEL)).close();

        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer tok-before-refresh");
        assertThat(server.takeRequest().getHeader("Authorization")).isEqualTo("Bearer tok-after-refresh");
        assertThat(logLines).anySatisfy(line -> assertThat(line).contains("Authorization: [redacted]"));
        assertThat(logLines).noneSatisfy(line -> assertThat(line).contains("tok-"));
    }

    @Test
    @DisplayName(
            "A credential source that cannot give a credential fails the call with its own typed error; nothing is sent")
    void aCredentialSourceThatFailsSendsNothing() {
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.INTERACTIVE)
                .credential(() -> {
                    throw new CallFailure.Configuration("no session: sign in first");
                })
                .build();

        assertThatThrownBy(() -> call(client, get(), CallOptions.model(MODEL)))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("sign in first");
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    @DisplayName("RC6: an API key in a header whose name does not look secret is still redacted in every log line")
    void apiKeyInAPlainlyNamedHeaderIsRedacted() throws InterruptedException {
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.INTERACTIVE)
                .credential(Credential.apiKey("X-Portal-Id", "SECRET123"))
                .build();

        callOk(client, get(), CallOptions.model(MODEL));

        assertThat(server.takeRequest().getHeader("X-Portal-Id")).isEqualTo("SECRET123");
        assertThat(logLines).anySatisfy(line -> assertThat(line).contains("X-Portal-Id: [redacted]"));
        assertThat(logLines).noneSatisfy(line -> assertThat(line).contains("SECRET123"));
    }

    // ---- RC7: a limiter in front ----

    @Test
    @DisplayName("RC7: a request the limiter refuses is not sent; the rejection carries the retry-at")
    void aRefusedRequestIsNotSentAndCarriesTheRetryAt() {
        server.enqueue(status(200));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.INTERACTIVE)
                .limiter(
                        RateLimiterBuilder.of(Algorithm.SLIDING_LOG, LimitSpec.of(1, Duration.ofMinutes(1)))
                                .clock(clock)
                                .build(),
                        "alice")
                .build();
        assertThat(callOk(client, get(), CallOptions.model(MODEL)).code()).isEqualTo(200);
        clock.advance(Duration.ofSeconds(10));

        RequestRefused.RateLimited refused = catchThrowableOfType(
                RequestRefused.RateLimited.class,
                () -> call(client, get(), CallOptions.model(MODEL)).close());

        assertThat(refused).isNotNull();
        assertThat(refused.retryAt()).isEqualTo(T0.plusSeconds(60)); // L3: the oldest entry plus the window
        assertThat(refused.retryAfter()).isEqualTo(Duration.ofSeconds(50));
        assertThat(refused.attemptsSent()).isZero();
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(events).last().satisfies(event -> {
            assertThat(event.verdict()).isEqualTo(AttemptEvent.Verdict.REFUSED_BY_LIMITER);
            assertThat(event.retryAfter()).contains(Duration.ofSeconds(50));
        });

        clock.set(T0.plusSeconds(60)); // on the retry-at, a request is allowed again
        assertThat(callOk(client, get(), CallOptions.model(MODEL)).code()).isEqualTo(200);
    }

    @Test
    @DisplayName(
            "RC7, L8: retries ask the limiter too; a refused retry ends the call with the attempts already sent, and"
                    + " the retry meter counts only the retry that was sent")
    void retriesAskTheLimiterToo() {
        for (int i = 0; i < 4; i++) {
            server.enqueue(status(503));
        }
        ResilientClient client = client(PolicyPreset.BATCH)
                .limiter(
                        RateLimiterBuilder.of(Algorithm.SLIDING_LOG, LimitSpec.of(2, Duration.ofMinutes(1)))
                                .clock(clock)
                                .build(),
                        "alice")
                .build();

        RequestRefused.RateLimited refused = catchThrowableOfType(
                RequestRefused.RateLimited.class,
                () -> call(client, get(), CallOptions.model(MODEL)).close());

        assertThat(refused).isNotNull();
        assertThat(refused.attemptsSent()).isEqualTo(2);
        assertThat(server.getRequestCount()).isEqualTo(2);
        assertThat(registry.get(LimiterMetrics.RETRY_ATTEMPTS)
                        .tag("model", MODEL)
                        .counter()
                        .count())
                .isEqualTo(1.0);
    }

    @Test
    @DisplayName("P2 RC7: calls refused by a running pause do not use up the limiter's quota")
    void callsRefusedByAPauseDoNotUseTheLimitersQuota() {
        server.enqueue(retryAfter(503, "5"));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.INTERACTIVE)
                .limiter(
                        RateLimiterBuilder.of(Algorithm.SLIDING_LOG, LimitSpec.of(2, Duration.ofMinutes(1)))
                                .clock(clock)
                                .build(),
                        "alice")
                .build();
        failure(
                client,
                get(),
                CallOptions.model(MODEL)); // one request counted and sent; its Retry-After starts a pause

        for (int i = 0; i < 3; i++) {
            assertThat(failure(client, get(), CallOptions.model(MODEL)).refusedByPause())
                    .isTrue();
        }
        clock.advance(Duration.ofSeconds(5)); // the pause ends; the limiter's minute has not

        assertThat(callOk(client, get(), CallOptions.model(MODEL)).code()).isEqualTo(200);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    @DisplayName("RC7 L4: the retry-at is on the caller's clock even when the limiter's (Redis) clock disagrees")
    void retryAtIsOnTheCallersClockWhenTheLimitersDisagrees() {
        server.enqueue(status(200));
        // The limiter decides on its own clock (Redis TIME, L4), here an hour ahead of the caller's.
        FakeClock redisClock = new FakeClock(T0.plus(Duration.ofHours(1)));
        ResilientClient client = client(PolicyPreset.INTERACTIVE)
                .limiter(
                        RateLimiterBuilder.of(Algorithm.SLIDING_LOG, LimitSpec.of(1, Duration.ofMinutes(1)))
                                .clock(redisClock)
                                .build(),
                        "alice")
                .build();
        assertThat(callOk(client, get(), CallOptions.model(MODEL)).code()).isEqualTo(200);
        redisClock.advance(Duration.ofSeconds(10));

        RequestRefused.RateLimited refused = catchThrowableOfType(
                RequestRefused.RateLimited.class,
                () -> call(client, get(), CallOptions.model(MODEL)).close());

        assertThat(refused).isNotNull();
        assertThat(refused.retryAfter()).isEqualTo(Duration.ofSeconds(50));
        assertThat(refused.retryAt()).isEqualTo(T0.plusSeconds(50)); // the caller's now plus the wait
    }

    @Test
    @DisplayName("RC7 L2: the limit is kept per model: another model is not refused")
    void theLimitIsKeptPerModel() {
        server.enqueue(status(200));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.INTERACTIVE)
                .limiter(
                        RateLimiterBuilder.of(Algorithm.SLIDING_LOG, LimitSpec.of(1, Duration.ofMinutes(1)))
                                .clock(clock)
                                .build(),
                        "alice")
                .build();

        assertThat(callOk(client, get(), CallOptions.model("model-a")).code()).isEqualTo(200);
        assertThat(callOk(client, get(), CallOptions.model("model-b")).code()).isEqualTo(200);
    }

    // ---- RC8: the retry quota, beyond the seeds ----

    // RC8
    @Test
    @DisplayName("RC8: when the shared bucket cannot pay for a retry, the call stops with retryAfter empty")
    void anEmptyRetryQuotaStopsRetrying() {
        server.enqueue(status(503));
        server.enqueue(status(200));
        server.enqueue(status(503));
        server.enqueue(status(200));
        RetryQuota quota = RetryQuota.of(5, 5, 1);
        ResilientClient client = client(PolicyPreset.BATCH).retryQuota(quota).build();

        assertThat(callOk(client, get(), CallOptions.model(MODEL)).code()).isEqualTo(200); // pays 5, earns 1
        CallFailure.Recoverable failure = failure(client, get(), CallOptions.model(MODEL));

        assertThat(failure.attempts()).isEqualTo(1);
        assertThat(failure.retryAfter()).isEmpty();
        assertThat(server.getRequestCount()).isEqualTo(3);
        assertThat(quota.available()).isEqualTo(1);
        assertThat(events).last().extracting(AttemptEvent::verdict).isEqualTo(AttemptEvent.Verdict.STOP);
    }

    // ---- bad input: an unreachable target ----

    @Test
    @DisplayName("ST2: an unreachable target gives a clear typed Network error after the attempts run out")
    void anUnreachableTargetGivesATypedNetworkError() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        ResilientClient client = client(PolicyPreset.INTERACTIVE).build();
        Request request = new Request.Builder()
                .url("http://127.0.0.1:" + closedPort + "/v1/models")
                .build();

        CallFailure.Recoverable failure = failure(client, request, CallOptions.model(MODEL));

        assertThat(failure.reason())
                .isInstanceOfSatisfying(
                        CallFailure.Network.class,
                        network -> assertThat(network.kind()).isEqualTo(FailureKind.CONNECT_REFUSED));
        assertThat(failure.attempts()).isEqualTo(2);
        assertThat(failure.getMessage()).contains("127.0.0.1:" + closedPort, "refused", "Check the network");
    }

    // ---- L8 metrics and attempt events ----

    @Test
    @DisplayName("L8: retries, exhausted calls and upstream latency are counted by model")
    void retriesExhaustedCallsAndLatencyAreCountedByModel() {
        server.enqueue(status(503));
        server.enqueue(status(503));
        server.enqueue(status(200));
        for (int i = 0; i < 4; i++) {
            server.enqueue(status(500));
        }
        ResilientClient client = client(PolicyPreset.BATCH).build();

        assertThat(callOk(client, get(), CallOptions.model("m1")).code()).isEqualTo(200);
        failure(client, get(), CallOptions.model("m2"));

        assertThat(registry.get(LimiterMetrics.RETRY_ATTEMPTS)
                        .tag("model", "m1")
                        .counter()
                        .count())
                .isEqualTo(2);
        assertThat(registry.get(LimiterMetrics.RETRY_ATTEMPTS)
                        .tag("model", "m2")
                        .counter()
                        .count())
                .isEqualTo(3);
        assertThat(registry.find(LimiterMetrics.EXHAUSTED_ATTEMPTS)
                        .tag("model", "m1")
                        .counter())
                .isNull();
        assertThat(registry.get(LimiterMetrics.EXHAUSTED_ATTEMPTS)
                        .tag("model", "m2")
                        .counter()
                        .count())
                .isEqualTo(1);
        assertThat(registry.get(LimiterMetrics.UPSTREAM_LATENCY)
                        .tag("model", "m1")
                        .timer()
                        .count())
                .isEqualTo(3);
        assertThat(registry.get(LimiterMetrics.UPSTREAM_LATENCY)
                        .tag("model", "m2")
                        .timer()
                        .count())
                .isEqualTo(4);
        assertThat(registry.get(LimiterMetrics.UPSTREAM_LATENCY)
                        .tag("model", "m1")
                        .timer()
                        .totalTime(TimeUnit.NANOSECONDS))
                .isPositive();
    }

    @Test
    @DisplayName("Events: one AttemptEvent per attempt, the model as the step, the chosen delay on a RETRY")
    void oneAttemptEventPerAttempt() {
        server.enqueue(retryAfter(503, "2"));
        server.enqueue(status(200));
        ResilientClient client = client(PolicyPreset.BATCH).build();

        callOk(client, get(), CallOptions.model(MODEL));

        assertThat(events)
                .extracting(AttemptEvent::verdict)
                .containsExactly(AttemptEvent.Verdict.RETRY, AttemptEvent.Verdict.DELIVER);
        assertThat(events).extracting(AttemptEvent::attempt).containsExactly(1, 2);
        assertThat(events).extracting(AttemptEvent::step).containsOnly(MODEL);
        AttemptEvent retry = events.get(0);
        assertThat(retry.status()).hasValue(503);
        assertThat(retry.rawRetryAfter()).containsExactly("2");
        assertThat(retry.retryAfter()).contains(Duration.ofSeconds(2));
        assertThat(retry.delay()).contains(ms(2_100)); // 2 s + 0.5 × 200 ms (RA3)
        assertThat(retry.jitter()).contains(ms(100));
        assertThat(events.get(1).status()).hasValue(200);
    }
}
