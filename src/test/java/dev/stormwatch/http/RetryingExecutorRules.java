package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.OriginPauses;
import dev.stormwatch.retry.RetryPolicy;
import dev.stormwatch.testing.FakeClock;
import dev.stormwatch.testing.RecordingSleeper;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.SocketPolicy;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The executors' rule tests (RA, P, F1, ST, OP, B, E), written once over real sockets; time only moves on the fake
 * clock (the sleeper advances it). One flat subclass per executor and transport, each saying only how its executor
 * is built ({@link #executorOver}): the blocking executor ({@link RetryingExecutorTest}), and the asynchronous one on
 * OkHttp's dispatcher ({@link AsyncRetryingExecutorRulesTest}), on blocking workers ({@link BlockingTransportRulesTest})
 * and on the event loop, outcomes delivered on the loop ({@link EventLoopTransportRulesTest}) or on workers
 * ({@link EventLoopTransportOnWorkersRulesTest}). A transport must not change a single decision.
 */
abstract class RetryingExecutorRules {

    final FakeClock clock = FakeClock.at("2026-11-30T06:00:00Z");
    final RecordingSleeper sleeper = new RecordingSleeper(clock);
    final List<AttemptEvent> events = new CopyOnWriteArrayList<>();
    final OriginPauses pauses = new OriginPauses(clock);
    private final OkHttpClient okHttp = new OkHttpClient.Builder()
            .connectTimeout(2, TimeUnit.SECONDS)
            .readTimeout(300, TimeUnit.MILLISECONDS)
            .build();
    private MockWebServer server;
    private StepExecutor executor;

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.start(InetAddress.getLoopbackAddress(), 0);
        executor = executorOver(okHttp);
    }

    @AfterEach
    void stop() throws IOException {
        server.shutdown();
        okHttp.dispatcher().executorService().shutdown();
        okHttp.connectionPool().evictAll();
    }

    /** The executor under test, sending through {@code client}. */
    abstract StepExecutor executorOver(OkHttpClient client);

    /**
     * The asynchronous executor over {@code transport}: its retries wait on a scheduler that moves the same fake clock
     * and records each wait in the same sleeper, and the test waits for its future.
     */
    StepExecutor asyncOver(OkHttpClient client, AttemptTransport transport) {
        AsyncRetryingExecutor async = AsyncRetryingExecutor.builder(client)
                .clock(clock)
                .scheduler((delay, task) -> {
                    sleeper.sleep(delay);
                    task.run();
                })
                .random(() -> 0.5)
                .pauses(pauses)
                .listener(events::add)
                .transport(transport)
                .build();
        return (requestPerAttempt, operation, step, budget) -> {
            try {
                return async.execute(requestPerAttempt, operation, step, budget).get(30, TimeUnit.SECONDS);
            } catch (java.util.concurrent.ExecutionException e) {
                if (e.getCause() instanceof RuntimeException typed) {
                    throw typed;
                }
                throw new AssertionError("the future failed with an untyped error", e.getCause());
            } catch (InterruptedException | java.util.concurrent.TimeoutException e) {
                throw new AssertionError("the future did not complete", e);
            }
        };
    }

    private Request get(String path) {
        return new Request.Builder().url(server.url(path)).build();
    }

    private CallBudget budget() {
        return CallBudget.start(RetryPolicy.DEFAULT, clock);
    }

    private CallFailure.Recoverable failureOf(Runnable call) {
        CallFailure.Recoverable failure = catchThrowableOfType(CallFailure.Recoverable.class, call::run);
        assertThat(failure).as("a Recoverable failure").isNotNull();
        return failure;
    }

    // F1, P3, B1: a followed redirect would be a second request the engine never saw, to an origin never checked.
    @Test
    @DisplayName("F1, P3: a 307 from the token endpoint comes back as it is; nothing reaches the other origin")
    void redirectIsReturnedNotFollowed() throws IOException {
        try (MockWebServer elsewhere = new MockWebServer()) {
            elsewhere.start(InetAddress.getLoopbackAddress(), 0);
            server.enqueue(new MockResponse()
                    .setResponseCode(307)
                    .setHeader("Location", elsewhere.url("/collect").toString()));
            Request refresh = new Request.Builder()
                    .url(server.url("/token"))
                    .post(okhttp3.RequestBody.create(
                            "grant_type=refresh_token&refresh_token=RT-SECRET",
                            okhttp3.MediaType.get("application/x-www-form-urlencoded")))
                    .build();

            try (Response response = executor.execute(refresh, Operation.REFRESH, "refresh", budget())) {
                assertThat(response.code()).isEqualTo(307);
            }

            assertThat(server.getRequestCount()).isEqualTo(1);
            assertThat(elsewhere.getRequestCount())
                    .as("nothing sent to the redirect's origin")
                    .isZero();
        }
    }

    // RA3, RA2
    @Test
    @DisplayName("RA3: 503 with Retry-After 2 is retried after 2 s plus jitter, then the success is returned")
    void retryAfterThenSuccess() throws IOException {
        server.enqueue(new MockResponse().setResponseCode(503).setHeader("Retry-After", "2"));
        server.enqueue(new MockResponse().setBody("discovery document"));

        try (Response response =
                executor.execute(get("/.well-known/openid-configuration"), Operation.READ, "discovery", budget())) {
            assertThat(response.code()).isEqualTo(200);
            assertThat(response.body().string()).isEqualTo("discovery document");
        }

        assertThat(server.getRequestCount()).isEqualTo(2);
        // jitter: random 0.5 of min(2 s / 10, 1 s) = 100 ms
        assertThat(sleeper.waits()).containsExactly(Duration.ofMillis(2_100));
        AttemptEvent first = events.get(0);
        assertThat(first.attempt()).isEqualTo(1);
        assertThat(first.step()).isEqualTo("discovery");
        assertThat(first.origin()).isEqualTo(Origin.of(server.url("/").uri()));
        assertThat(first.status()).isEqualTo(OptionalInt.of(503));
        assertThat(first.rawRetryAfter()).containsExactly("2");
        assertThat(first.retryAfter()).contains(Duration.ofSeconds(2));
        assertThat(first.delay()).contains(Duration.ofMillis(2_100));
        assertThat(first.jitter()).contains(Duration.ofMillis(100));
        assertThat(first.budgetLeft()).isEqualTo(new AttemptEvent.BudgetLeft(2, Duration.ofSeconds(20)));
        assertThat(first.verdict()).isEqualTo(AttemptEvent.Verdict.RETRY);
        assertThat(events.get(1).attempt()).isEqualTo(2);
        assertThat(events.get(1).verdict()).isEqualTo(AttemptEvent.Verdict.DELIVER);
        assertThat(pauses.check(first.origin()))
                .as("P1: a Retry-After that fits starts no pause")
                .isEmpty();
    }

    // P1, P2, RA5, E3
    @Test
    @DisplayName(
            "P1, P2: 429 with Retry-After until the attempts run out starts a pause; the next call fails at once, nothing sent")
    void attemptsRunOutThenPauseRefuses() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "3"));
        }

        CallFailure.Recoverable failure =
                failureOf(() -> executor.execute(get("/token"), Operation.PAR, "par", budget()));

        assertThat(failure.reason())
                .isEqualTo(
                        new CallFailure.Server(429, Optional.of(Duration.ofSeconds(3)), 3, Duration.ofMillis(6_300)));
        assertThat(server.getRequestCount()).isEqualTo(3);
        assertThat(events.get(2).pauseStarted()).contains(clock.instant().plusSeconds(3));

        clock.advance(Duration.ofSeconds(1));
        CallFailure.Recoverable refused =
                failureOf(() -> executor.execute(get("/token"), Operation.REFRESH, "refresh", budget()));

        assertThat(refused.reason())
                .isEqualTo(new CallFailure.Server(429, Optional.of(Duration.ofSeconds(2)), 0, Duration.ZERO));
        assertThat(refused.refusedByPause()).isTrue();
        assertThat(server.getRequestCount()).as("P2: nothing goes on the wire").isEqualTo(3);
        assertThat(events.get(3).verdict()).isEqualTo(AttemptEvent.Verdict.REFUSED_BY_PAUSE);
        assertThat(events.get(3).attempt()).isZero();
    }

    // RH1, RH2, RA3
    @Test
    @DisplayName(
            "RH1, RH2: 429 with retry-after-ms 1500 beside Retry-After 1 waits 1.5 s plus jitter; the event names the hint")
    void millisecondWaitWinsAndIsNamed() throws IOException {
        server.enqueue(new MockResponse()
                .setResponseCode(429)
                .setHeader("Retry-After", "1")
                .setHeader("retry-after-ms", "1500"));
        server.enqueue(new MockResponse().setBody("ok"));

        try (Response response = executor.execute(get("/v1/models"), Operation.READ, "models", budget())) {
            assertThat(response.code()).isEqualTo(200);
        }

        // jitter: random 0.5 of min(1.5 s / 10, 1 s) = 75 ms
        assertThat(sleeper.waits()).containsExactly(Duration.ofMillis(1_575));
        assertThat(events.get(0).retryAfter()).contains(Duration.ofMillis(1_500));
        assertThat(events.get(0).waitHint()).contains("retry-after-ms: 1500 (RH1)");
    }

    // RH3
    @Test
    @DisplayName("RH3: a 503 with x-should-retry false ends the step after one request")
    void shouldRetryFalseEndsTheStep() {
        server.enqueue(new MockResponse().setResponseCode(503).setHeader("x-should-retry", "false"));
        server.enqueue(new MockResponse().setBody("never asked for"));

        CallFailure.Recoverable failure =
                failureOf(() -> executor.execute(get("/v1/models"), Operation.READ, "models", budget()));

        assertThat(failure.reason()).isEqualTo(new CallFailure.Server(503, Optional.empty(), 1, Duration.ZERO));
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(sleeper.waits()).isEmpty();
    }

    // RH9, P2
    @Test
    @DisplayName(
            "RH9, P2: a 200 that says no request is left for 30 s paces the origin: a call whose budget ends sooner is refused, nothing sent")
    void nothingLeftPacesTheOrigin() throws IOException {
        server.enqueue(new MockResponse()
                .setBody("ok")
                .setHeader("x-ratelimit-remaining-requests", "0")
                .setHeader("x-ratelimit-reset-requests", "30s"));

        try (Response response = executor.execute(get("/v1/models"), Operation.READ, "models", budget())) {
            assertThat(response.code()).isEqualTo(200);
        }
        assertThat(events.get(0).pauseStarted()).contains(clock.instant().plusSeconds(30));
        assertThat(events.get(0).waitHint()).contains("x-ratelimit-reset-requests: 30s (RH6)");

        clock.advance(Duration.ofMillis(9_999));
        CallFailure.Recoverable refused =
                failureOf(() -> executor.execute(get("/v1/models"), Operation.READ, "models", budget()));
        assertThat(refused.reason())
                .as("RH13: 20.001 s left of the pace, 20 s of budget")
                .isEqualTo(new CallFailure.Server(429, Optional.of(Duration.ofMillis(20_001)), 0, Duration.ZERO));
        assertThat(server.getRequestCount()).as("RH9: nothing goes on the wire").isEqualTo(1);

        clock.advance(Duration.ofMillis(20_001));
        server.enqueue(new MockResponse().setBody("ok again"));
        try (Response response = executor.execute(get("/v1/models"), Operation.READ, "models", budget())) {
            assertThat(response.code())
                    .as("on the reset, requests go out again")
                    .isEqualTo(200);
        }
        assertThat(sleeper.waits()).as("nothing was waited out").isEmpty();
    }

    // RH13, RA3
    @Test
    @DisplayName(
            "RH13: a pace that ends within the budget is waited out, with RA3's jitter, and the request then goes out once")
    void paceWithinTheBudgetIsWaitedOut() throws IOException {
        server.enqueue(new MockResponse()
                .setBody("ok")
                .setHeader("x-ratelimit-remaining-requests", "0")
                .setHeader("x-ratelimit-reset-requests", "20s"));
        server.enqueue(new MockResponse().setBody("ok after the reset"));
        executor.execute(get("/v1/models"), Operation.READ, "models", budget()).close();

        // 20 s left of the pace, exactly the budget: no room for jitter
        try (Response response = executor.execute(get("/v1/models"), Operation.READ, "models", budget())) {
            assertThat(response.code()).isEqualTo(200);
        }
        assertThat(sleeper.waits()).containsExactly(Duration.ofSeconds(20));
        assertThat(server.getRequestCount()).isEqualTo(2);

        server.enqueue(new MockResponse()
                .setBody("ok")
                .setHeader("x-ratelimit-remaining-requests", "0")
                .setHeader("x-ratelimit-reset-requests", "4s"));
        server.enqueue(new MockResponse().setBody("ok"));
        executor.execute(get("/v1/models"), Operation.READ, "models", budget()).close();
        executor.execute(get("/v1/models"), Operation.READ, "models", budget()).close();
        // 4 s plus half of the largest jitter, a tenth of the wait
        assertThat(sleeper.waits()).containsExactly(Duration.ofSeconds(20), Duration.ofMillis(4_200));
        AttemptEvent waited = events.stream()
                .filter(e -> e.verdict() == AttemptEvent.Verdict.PACED)
                .reduce((a, b) -> b)
                .orElseThrow();
        assertThat(waited.attempt()).isEqualTo(1);
        assertThat(waited.delay()).contains(Duration.ofMillis(4_200));
        assertThat(waited.waitHint()).contains("pace of the origin (RH13)");
        assertThat(server.getRequestCount()).isEqualTo(4);
    }

    // RH13, P2
    @Test
    @DisplayName("RH13, P2: a pause that a 429 started is refused at once even when it would fit the budget")
    void pauseFromAnErrorIsNotWaitedOut() {
        pauses.start(Origin.of(server.url("/").uri()), 429, clock.instant().plusSeconds(2));

        CallFailure.Recoverable refused =
                failureOf(() -> executor.execute(get("/v1/models"), Operation.READ, "models", budget()));

        assertThat(refused.refusedByPause()).isTrue();
        assertThat(sleeper.waits()).isEmpty();
        assertThat(server.getRequestCount()).isZero();
    }

    private Request forModel(String path, String model) {
        return new Request.Builder()
                .url(server.url(path))
                .tag(ModelTag.class, new ModelTag(model))
                .build();
    }

    // RH12, RH6
    @Test
    @DisplayName(
            "RH12: OpenAI's quota used up for one model holds that model only; another model on the origin goes out")
    void usedUpModelHoldsOnlyThatModel() throws IOException {
        server.enqueue(new MockResponse()
                .setBody("ok")
                .setHeader("x-ratelimit-remaining-requests", "0")
                .setHeader("x-ratelimit-reset-requests", "1m0s"));
        server.enqueue(new MockResponse().setBody("other model"));
        executor.execute(forModel("/v1/chat/completions", "gpt-4o"), Operation.READ, "gpt-4o", budget())
                .close();

        try (Response response = executor.execute(
                forModel("/v1/chat/completions", "gpt-4o-mini"), Operation.READ, "gpt-4o-mini", budget())) {
            assertThat(response.code()).as("another model is not held").isEqualTo(200);
        }
        CallFailure.Recoverable refused = failureOf(
                () -> executor.execute(forModel("/v1/chat/completions", "gpt-4o"), Operation.READ, "gpt-4o", budget()));

        assertThat(refused.reason())
                .isEqualTo(new CallFailure.Server(429, Optional.of(Duration.ofMinutes(1)), 0, Duration.ZERO));
        assertThat(server.getRequestCount()).isEqualTo(2);
        assertThat(pauses.check(Origin.of(server.url("/").uri())))
                .as("the origin itself is not paused")
                .isEmpty();
    }

    // RH12, RH6
    @Test
    @DisplayName("RH12: a used-up OpenAI quota on a request that names no model holds the whole origin")
    void usedUpQuotaWithoutModelHoldsTheOrigin() throws IOException {
        server.enqueue(new MockResponse()
                .setBody("ok")
                .setHeader("x-ratelimit-remaining-requests", "0")
                .setHeader("x-ratelimit-reset-requests", "1m0s"));
        executor.execute(get("/v1/models"), Operation.READ, "models", budget()).close();

        failureOf(() -> executor.execute(
                forModel("/v1/chat/completions", "gpt-4o-mini"), Operation.READ, "gpt-4o-mini", budget()));

        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    // RH12, RH8
    @Test
    @DisplayName("RH12: GitHub's search resource used up holds the search route; a core route goes out")
    void usedUpGitHubResourceHoldsItsRoute() throws IOException {
        long reset = clock.instant().plusSeconds(60).getEpochSecond();
        server.enqueue(new MockResponse()
                .setResponseCode(403)
                .setHeader("Date", dev.stormwatch.base.HttpDate.format(clock.instant()))
                .setHeader("x-ratelimit-remaining", "0")
                .setHeader("x-ratelimit-reset", reset)
                .setHeader("x-ratelimit-resource", "search"));
        server.enqueue(new MockResponse().setBody("core"));
        executor.execute(get("/search/issues?q=a"), Operation.READ, "search", budget())
                .close();

        try (Response response = executor.execute(get("/repos/o/r"), Operation.READ, "core", budget())) {
            assertThat(response.code()).as("another resource's route").isEqualTo(200);
        }
        CallFailure.Recoverable refused =
                failureOf(() -> executor.execute(get("/search/issues?q=b"), Operation.READ, "search", budget()));

        assertThat(refused.retryAfter()).contains(Duration.ofSeconds(60));
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    // RH12, RH8
    @Test
    @DisplayName("RH12: GitHub's quota used up without x-ratelimit-resource holds the whole origin")
    void usedUpGitHubQuotaWithoutResourceHoldsTheOrigin() throws IOException {
        long reset = clock.instant().plusSeconds(60).getEpochSecond();
        server.enqueue(new MockResponse()
                .setResponseCode(403)
                .setHeader("Date", dev.stormwatch.base.HttpDate.format(clock.instant()))
                .setHeader("x-ratelimit-remaining", "0")
                .setHeader("x-ratelimit-reset", reset));
        executor.execute(get("/search/issues?q=a"), Operation.READ, "search", budget())
                .close();

        failureOf(() -> executor.execute(get("/repos/o/r"), Operation.READ, "core", budget()));

        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    // P3
    @Test
    @DisplayName("P3: the code exchange is never refused by a pause and is sent once")
    void codeExchangeIgnoresThePause() throws IOException {
        pauses.start(Origin.of(server.url("/").uri()), 429, clock.instant().plusSeconds(60));
        server.enqueue(new MockResponse().setResponseCode(503));

        CallFailure.Recoverable failure =
                failureOf(() -> executor.execute(get("/token"), Operation.CODE_EXCHANGE, "token", budget()));

        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(failure.attempts()).isEqualTo(1);
        assertThat(sleeper.waits()).isEmpty();
    }

    // A1, P7
    @Test
    @DisplayName(
            "A1, P7: the application's own request gets its 429 as it is, Retry-After untouched, even during a pause")
    void sendOnceReturnsTheStatusAsItIs() {
        pauses.start(Origin.of(server.url("/").uri()), 503, clock.instant().plusSeconds(60));
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "7"));

        try (Response response = executor.execute(get("/v1/chat"), Operation.SEND_ONCE, "api", budget())) {
            assertThat(response.code()).isEqualTo(429);
            assertThat(response.header("Retry-After")).isEqualTo("7");
        }
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    // ST1, B3, P5
    @Test
    @DisplayName("B3, P5: 500 three times: backoff 250 ms then 500 ms, then the error without retryAfter and no pause")
    void serverErrorsRunOut() {
        for (int i = 0; i < 3; i++) {
            server.enqueue(new MockResponse().setResponseCode(500));
        }

        CallFailure.Recoverable failure =
                failureOf(() -> executor.execute(get("/jwks"), Operation.READ, "jwks", budget()));

        assertThat(failure.reason())
                .isEqualTo(new CallFailure.Server(500, Optional.empty(), 3, Duration.ofMillis(750)));
        assertThat(sleeper.waits()).containsExactly(Duration.ofMillis(250), Duration.ofMillis(500));
        assertThat(pauses.check(failure.origin())).isEmpty();
    }

    // RA4, P1
    @Test
    @DisplayName("RA4: a Retry-After that no longer fits the budget ends the call with it, without sleeping")
    void retryAfterThatDoesNotFitStopsAndPauses() {
        server.enqueue(new MockResponse().setResponseCode(503).setHeader("Retry-After", "15"));
        server.enqueue(new MockResponse().setResponseCode(503).setHeader("Retry-After", "15"));

        CallFailure.Recoverable failure =
                failureOf(() -> executor.execute(get("/userinfo"), Operation.READ, "userinfo", budget()));

        assertThat(failure.retryAfter()).contains(Duration.ofSeconds(15));
        assertThat(failure.attempts()).isEqualTo(2);
        assertThat(sleeper.waits()).containsExactly(Duration.ofMillis(15_500));
        assertThat(pauses.check(failure.origin())).isPresent();
    }

    // F1, F2
    @Test
    @DisplayName("F1, F2: a refresh whose connection broke after the request was sent is not resent")
    void refreshNotResentAfterDisconnect() {
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.DISCONNECT_AFTER_REQUEST));
        server.enqueue(new MockResponse().setBody("{}"));

        CallFailure.Recoverable failure =
                failureOf(() -> executor.execute(get("/token"), Operation.REFRESH, "refresh", budget()));

        assertThat(failure.reason()).isEqualTo(new CallFailure.Network(FailureKind.RESET_AFTER_SEND, 1, Duration.ZERO));
        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(sleeper.waits()).as("F2: without delay").isEmpty();
    }

    // ST2, OP3
    @Test
    @DisplayName(
            "ST2, OP3: a JWKS fetch whose response was lost (connection broke after sending) is retried and succeeds")
    void readRetriedAfterDisconnect() throws IOException {
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.DISCONNECT_AFTER_REQUEST));
        server.enqueue(new MockResponse().setBody("{}"));

        try (Response response = executor.execute(get("/jwks"), Operation.READ, "jwks", budget())) {
            assertThat(response.code()).isEqualTo(200);
        }
        assertThat(events.get(0).failure()).contains(FailureKind.RESET_AFTER_SEND);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    // F1
    @Test
    @DisplayName("F1: no response in time (read timeout) on refresh: not resent")
    void refreshNotResentAfterReadTimeout() {
        server.enqueue(new MockResponse().setSocketPolicy(SocketPolicy.NO_RESPONSE));

        CallFailure.Recoverable failure =
                failureOf(() -> executor.execute(get("/token"), Operation.REFRESH, "refresh", budget()));

        assertThat(failure.reason()).isEqualTo(new CallFailure.Network(FailureKind.READ_TIMEOUT, 1, Duration.ZERO));
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    // F1
    @Test
    @DisplayName("F1: a malformed response to a refresh is not resent")
    void refreshNotResentAfterMalformedResponse() {
        server.enqueue(new MockResponse().setStatus("HTTP/1.1 abc Not A Status"));

        CallFailure.Recoverable failure =
                failureOf(() -> executor.execute(get("/token"), Operation.REFRESH, "refresh", budget()));

        assertThat(failure.reason())
                .isEqualTo(new CallFailure.Network(FailureKind.MALFORMED_RESPONSE, 1, Duration.ZERO));
    }

    // F1, ST2, B1
    @Test
    @DisplayName(
            "F1: a refresh to a closed port (connection refused, nothing sent) is retried, within the attempt limit")
    void refreshRetriedWhenConnectionRefused() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        Request request = new Request.Builder()
                .url("http://127.0.0.1:" + closedPort + "/token")
                .build();

        CallFailure.Recoverable failure =
                failureOf(() -> executor.execute(request, Operation.REFRESH, "refresh", budget()));

        assertThat(failure.reason())
                .isEqualTo(new CallFailure.Network(FailureKind.CONNECT_REFUSED, 3, Duration.ofMillis(750)));
        assertThat(events).extracting(AttemptEvent::failure).containsOnly(Optional.of(FailureKind.CONNECT_REFUSED));
        assertThat(failure.getMessage()).contains("connection was refused").contains("3 attempts");
    }

    // F1, ST2
    @Test
    @DisplayName("F1: a DNS failure (nothing sent) is retried for a refresh")
    void dnsFailureIsCertainlyNeverLeft() {
        AtomicInteger lookups = new AtomicInteger();
        OkHttpClient noDns = okHttp.newBuilder()
                .dns(host -> {
                    lookups.incrementAndGet();
                    throw new UnknownHostException(host + ": no such host (test)");
                })
                .build();
        Request request = new Request.Builder().url("http://idp.invalid/token").build();

        CallFailure.Recoverable failure =
                failureOf(() -> executorOver(noDns).execute(request, Operation.REFRESH, "refresh", budget()));

        assertThat(failure.reason())
                .isEqualTo(new CallFailure.Network(FailureKind.DNS_FAILURE, 3, Duration.ofMillis(750)));
        assertThat(lookups).hasValue(3);
    }

    // F1, ST2
    @Test
    @DisplayName("F1: a TLS handshake failure (nothing sent) is classified as such")
    void tlsHandshakeFailure() {
        server.enqueue(new MockResponse().setBody("plain HTTP"));
        Request request = new Request.Builder()
                .url(server.url("/token").newBuilder().scheme("https").build())
                .build();

        CallFailure.Recoverable failure =
                failureOf(() -> executor.execute(request, Operation.CODE_EXCHANGE, "token", budget()));

        assertThat(failure.reason()).isEqualTo(new CallFailure.Network(FailureKind.TLS_HANDSHAKE, 1, Duration.ZERO));
    }

    // F1
    @Test
    @DisplayName("F1: a server that stalls after reading the refresh: read timeout, not resent")
    void stallingServer() throws IOException {
        try (RawSocketServer stalling = new RawSocketServer(RawSocketServer.Fault.STALL)) {
            Request request = new Request.Builder().url(stalling.url("/token")).build();

            CallFailure.Recoverable failure =
                    failureOf(() -> executor.execute(request, Operation.REFRESH, "refresh", budget()));

            assertThat(failure.reason()).isEqualTo(new CallFailure.Network(FailureKind.READ_TIMEOUT, 1, Duration.ZERO));
            assertThat(stalling.requests()).isEqualTo(1);
        }
    }

    // F1
    @Test
    @DisplayName("F1: a server that resets the connection after reading the refresh: not resent")
    void resettingServer() throws IOException {
        try (RawSocketServer resetting = new RawSocketServer(RawSocketServer.Fault.RESET_AFTER_READING_REQUEST)) {
            Request request = new Request.Builder().url(resetting.url("/token")).build();

            CallFailure.Recoverable failure =
                    failureOf(() -> executor.execute(request, Operation.REFRESH, "refresh", budget()));

            assertThat(failure.reason())
                    .isEqualTo(new CallFailure.Network(FailureKind.RESET_AFTER_SEND, 1, Duration.ZERO));
            assertThat(resetting.requests()).isEqualTo(1);
        }
    }

    // ST2
    @Test
    @DisplayName("ST2: a read against a server that resets is retried up to the limit")
    void readAgainstResettingServerIsRetried() throws IOException {
        try (RawSocketServer resetting = new RawSocketServer(RawSocketServer.Fault.RESET_AFTER_READING_REQUEST)) {
            Request request = new Request.Builder().url(resetting.url("/jwks")).build();

            CallFailure.Recoverable failure =
                    failureOf(() -> executor.execute(request, Operation.READ, "jwks", budget()));

            assertThat(failure.attempts()).isEqualTo(3);
            assertThat(resetting.requests()).isEqualTo(3);
        }
    }

    // OP4
    @Test
    @DisplayName("OP4: a request built per attempt is built anew for every retry (a fresh DPoP proof each time)")
    void requestPerAttempt() throws InterruptedException {
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(new MockResponse().setResponseCode(200));
        AtomicInteger proofs = new AtomicInteger();

        executor.execute(
                        () -> get("/userinfo")
                                .newBuilder()
                                .header("DPoP", "proof-" + proofs.incrementAndGet())
                                .build(),
                        Operation.READ,
                        "userinfo",
                        budget())
                .close();

        assertThat(server.takeRequest().getHeader("DPoP")).isEqualTo("proof-1");
        assertThat(server.takeRequest().getHeader("DPoP")).isEqualTo("proof-2");
    }

    // ST3
    @Test
    @DisplayName(
            "ST3: a 400 is handed back at once for the caller to interpret (invalid_grant becomes Reauthenticate there)")
    void clientErrorIsDeliveredAtOnce() throws IOException {
        server.enqueue(new MockResponse().setResponseCode(400).setBody("{\"error\":\"invalid_grant\"}"));

        try (Response response = executor.execute(get("/token"), Operation.REFRESH, "refresh", budget())) {
            assertThat(response.code()).isEqualTo(400);
            assertThat(response.body().string()).contains("invalid_grant");
        }
        assertThat(server.getRequestCount()).isEqualTo(1);
    }

    // OP1, B1, OP5
    @Test
    @DisplayName("OP1, OP5: steps of one call share its budget; another origin has its own per-origin count")
    void stepsShareTheBudget() throws IOException {
        CallBudget budget = budget();
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(new MockResponse().setResponseCode(200));
        executor.execute(get("/.well-known/openid-configuration"), Operation.READ, "discovery", budget)
                .close();
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(new MockResponse().setResponseCode(503));

        CallFailure.Recoverable failure = failureOf(() -> executor.execute(get("/par"), Operation.PAR, "par", budget));

        // Origin limit 3: discovery's failure plus two PAR failures; E3: the error counts only PAR's two.
        assertThat(failure.attempts()).isEqualTo(2);
        assertThat(budget.failedInAll()).isEqualTo(3);
    }

    // RA6
    @Test
    @DisplayName(
            "RA6: malformed Retry-After headers (year 10000, two values, text) never fail the request: backoff applies")
    void badRetryAfterHeadersNeverFailTheRequest() throws IOException {
        server.enqueue(
                new MockResponse().setResponseCode(503).setHeader("Retry-After", "Sat, 01 Jan 10000 00:00:00 GMT"));
        server.enqueue(new MockResponse()
                .setResponseCode(429)
                .addHeader("Retry-After", "1")
                .addHeader("Retry-After", "2"));
        server.enqueue(new MockResponse().setResponseCode(200));

        try (Response response = executor.execute(get("/jwks"), Operation.READ, "jwks", budget())) {
            assertThat(response.code()).isEqualTo(200);
        }
        assertThat(sleeper.waits()).containsExactly(Duration.ofMillis(250), Duration.ofMillis(500));
        assertThat(events.get(1).rawRetryAfter()).containsExactly("1", "2");
        assertThat(events.get(1).retryAfter()).isEmpty();
    }

    // E1
    @Test
    @DisplayName("E1: an interrupt during the backoff ends the step with a typed error and keeps the interrupt")
    void interruptDuringSleep() {
        server.enqueue(new MockResponse().setResponseCode(503));
        RetryingExecutor interrupted = RetryingExecutor.builder(okHttp)
                .clock(clock)
                .pauses(pauses)
                .sleeper(duration -> {
                    throw new InterruptedException("shutting down");
                })
                .build();

        try {
            CallFailure.Recoverable failure =
                    failureOf(() -> interrupted.execute(get("/jwks"), Operation.READ, "jwks", budget()));

            assertThat(failure.reason()).isEqualTo(new CallFailure.Server(503, Optional.empty(), 1, Duration.ZERO));
            assertThat(Thread.currentThread().isInterrupted()).isTrue();
        } finally {
            Thread.interrupted(); // clear it for the next test
        }
    }

    // B2
    @Test
    @DisplayName("B2: the budget limits retrying, not a request: with the time spent, the request is still sent once")
    void spentBudgetStillSendsButDoesNotRetry() throws IOException {
        CallBudget spent = budget();
        clock.advance(Duration.ofSeconds(25));
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(new MockResponse().setResponseCode(200));

        CallFailure.Recoverable failure =
                failureOf(() -> executor.execute(get("/jwks"), Operation.READ, "jwks", spent));

        assertThat(server.getRequestCount()).isEqualTo(1);
        assertThat(failure.retryAfter()).isEmpty();
        assertThat(sleeper.waits()).isEmpty();
        try (Response response = executor.execute(get("/jwks"), Operation.READ, "jwks", spent)) {
            assertThat(response.code()).as("a success needs no budget").isEqualTo(200);
        }
    }
}
