package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stormwatch.limit.Algorithm;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.LimiterMetrics;
import dev.stormwatch.limit.RateLimiterBuilder;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.ComparisonRetryAfter;
import dev.stormwatch.retry.PolicyPreset;
import dev.stormwatch.retry.RetryPolicy;
import dev.stormwatch.testing.FakeClock;
import io.micrometer.core.instrument.simple.SimpleMeterRegistry;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The resilient client's edges on a real socket: its log line per attempt (RC6), a deadline the request carries
 * without one from the caller (RC5), and the settings it hands to OkHttp (RC3, its dispatcher's bound).
 */
class ResilientClientEdgesTest {

    private static final Instant T0 = Instant.parse("2026-01-01T00:00:00Z");
    private static final String MODEL = "gpt-test";

    private MockWebServer server;
    private FakeClock clock;
    private FakeWaits waits;
    private final List<String> log = new CopyOnWriteArrayList<>();

    @BeforeEach
    void start() throws IOException {
        server = new MockWebServer();
        server.start();
        clock = new FakeClock(T0);
        waits = new FakeWaits(clock);
    }

    @AfterEach
    void stop() throws IOException {
        server.shutdown();
    }

    private ResilientClient.Builder client() {
        return ResilientClient.builder()
                .preset(PolicyPreset.INTERACTIVE)
                .clock(clock)
                .sleeper(waits)
                .scheduler(waits)
                .random(() -> 0.5)
                .log(log::add);
    }

    private List<String> attemptLines() {
        return log.stream().filter(line -> line.startsWith("attempt ")).toList();
    }

    @Test
    @DisplayName("RC6: the log has one line per attempt with its status and what followed")
    void oneLogLinePerAttemptWithItsStatus() {
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(new MockResponse().setResponseCode(200));
        String origin = RequestOrigin.of(server.url("/")).toString();

        try (Response response = client().build()
                .send(new Request.Builder().url(server.url("/v1/models")).build(), CallOptions.model(MODEL))) {
            assertThat(response.code()).isEqualTo(200);
        }

        assertThat(attemptLines())
                .containsExactly(
                        "attempt 1 of " + MODEL + " to " + origin + ": status 503 -> RETRY",
                        "attempt 2 of " + MODEL + " to " + origin + ": status 200 -> DELIVER");
    }

    @Test
    @DisplayName("RC6: a network failure's log line says what failed; an attempt the limiter refused says not sent")
    void logLinesForAFailureAndARefusal() throws IOException {
        int closedPort;
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            closedPort = socket.getLocalPort();
        }
        Request toNobody = new Request.Builder()
                .url("http://127.0.0.1:" + closedPort + "/v1/models")
                .build();
        ResilientClient client = client().preset(PolicyPreset.INTERACTIVE).build();

        CallFailure.Recoverable failure = catchThrowableOfType(
                CallFailure.Recoverable.class, () -> client.send(toNobody, CallOptions.model(MODEL)));

        assertThat(failure).isNotNull();
        assertThat(attemptLines()).first().asString().endsWith(": the connection was refused -> RETRY");

        log.clear();
        server.enqueue(new MockResponse().setResponseCode(200));
        ResilientClient limited = client().limiter(
                        RateLimiterBuilder.of(Algorithm.SLIDING_LOG, LimitSpec.of(1, Duration.ofMinutes(1)))
                                .clock(clock)
                                .build(),
                        "alice")
                .build();
        Request get = new Request.Builder().url(server.url("/v1/models")).build();
        limited.send(get, CallOptions.model(MODEL)).close();
        RequestRefused.RateLimited refused = catchThrowableOfType(
                RequestRefused.RateLimited.class, () -> limited.send(get, CallOptions.model(MODEL)));

        assertThat(refused.model()).isEqualTo(MODEL);
        assertThat(refused.getMessage())
                .isEqualTo("The rate limit for model 'gpt-test' is reached; nothing was sent. A request will be"
                        + " allowed at " + refused.retryAt() + " (in 60000 ms).");

        assertThat(attemptLines()).last().asString().endsWith(": not sent -> REFUSED_BY_LIMITER");
    }

    @Test
    @DisplayName("RC5: a deadline the request carries binds when the caller gives none: past, nothing is sent")
    void aCarriedDeadlineBindsWithoutTheCallersOwn() {
        server.enqueue(new MockResponse().setResponseCode(200));
        Request forwarded = new Request.Builder()
                .url(server.url("/v1/models"))
                .header(RequestDeadline.DEADLINE_HEADER, "2025-12-31T23:59:59Z")
                .build();

        RequestRefused.DeadlineExpired refused = catchThrowableOfType(
                RequestRefused.DeadlineExpired.class, () -> client().build().send(forwarded, CallOptions.model(MODEL)));

        assertThat(refused).isNotNull();
        assertThat(refused.deadline()).isEqualTo(Instant.parse("2025-12-31T23:59:59Z"));
        assertThat(refused.attemptsSent()).isZero();
        assertThat(server.getRequestCount()).isZero();
    }

    @Test
    @DisplayName("RC3: the client keeps the timeouts it was given and hands OkHttp its bound on requests in flight")
    void settingsReachOkHttp() {
        ClientTimeouts timeouts = new ClientTimeouts(Duration.ofMillis(1500), Duration.ofSeconds(7));

        ResilientClient client =
                client().timeouts(timeouts).maxConcurrentRequests(3).build();
        ResilientClient byDefault = client().build();

        assertThat(client.timeouts()).isEqualTo(timeouts);
        assertThat(client.okHttpClient().connectTimeoutMillis()).isEqualTo(1500);
        assertThat(client.okHttpClient().readTimeoutMillis()).isEqualTo(7000);
        assertThat(client.okHttpClient().dispatcher().getMaxRequests()).isEqualTo(3);
        assertThat(client.okHttpClient().dispatcher().getMaxRequestsPerHost()).isEqualTo(3);
        assertThat(byDefault.timeouts()).isEqualTo(ClientTimeouts.DEFAULT);
        assertThat(byDefault.okHttpClient().dispatcher().getMaxRequests()).isEqualTo(64);
        assertThat(byDefault.okHttpClient().dispatcher().getMaxRequestsPerHost())
                .isEqualTo(5);
    }

    @Test
    @DisplayName("RC4: a policy given instead of a preset binds every call; the asynchronous calls take the transport"
            + " given")
    void aGivenPolicyAndTransportAreUsed() throws Exception {
        server.enqueue(new MockResponse().setBody("ok"));
        RetryPolicy policy =
                RetryPolicy.builder().totalBudget(Duration.ofSeconds(3)).build();
        List<String> sent = new CopyOnWriteArrayList<>();
        AttemptTransport enqueue = AttemptTransport.enqueue(new okhttp3.OkHttpClient());
        AttemptTransport recording = new AttemptTransport() {
            @Override
            public void send(okhttp3.Call call, okhttp3.Callback callback) {
                sent.add(call.request().url().encodedPath());
                enqueue.send(call, callback);
            }

            @Override
            public void handOn(Runnable nextAttempt) {
                enqueue.handOn(nextAttempt);
            }
        };

        ResilientClient client = client().policy(policy)
                .nanoTicker(System::nanoTime)
                .retryAfterForComparison(ComparisonRetryAfter.HONOURED)
                .transport(recording)
                .build();

        assertThat(client.policy()).isSameAs(policy);
        try (Response response = client.sendAsync(
                        new Request.Builder().url(server.url("/v1/models")).build(), CallOptions.model(MODEL))
                .get(10, java.util.concurrent.TimeUnit.SECONDS)) {
            assertThat(response.code()).isEqualTo(200);
        }
        assertThat(sent).containsExactly("/v1/models");
    }

    @Test
    @DisplayName("L8: upstream latency is the ticker's time from sending to the answer, by model; untagged requests"
            + " are not timed")
    void upstreamLatencyIsTheTickersDifference() throws Exception {
        server.enqueue(new MockResponse().setBody("ok"));
        server.enqueue(new MockResponse().setBody("ok"));
        SimpleMeterRegistry registry = new SimpleMeterRegistry();
        java.util.concurrent.atomic.AtomicLong ticks = new java.util.concurrent.atomic.AtomicLong(5_000_000_000L);
        ResilientClient client = client().metrics(LimiterMetrics.on(registry))
                .nanoTicker(() -> ticks.getAndAdd(250_000))
                .build();

        client.send(new Request.Builder().url(server.url("/v1/models")).build(), CallOptions.model(MODEL))
                .close();
        try (Response untagged = client.okHttpClient()
                .newCall(new Request.Builder().url(server.url("/health")).build())
                .execute()) {
            assertThat(untagged.code()).isEqualTo(200);
        }

        io.micrometer.core.instrument.Timer timer = registry.get(LimiterMetrics.UPSTREAM_LATENCY)
                .tag("model", MODEL)
                .timer();
        assertThat(timer.count()).isEqualTo(1);
        assertThat(timer.totalTime(java.util.concurrent.TimeUnit.NANOSECONDS)).isEqualTo(250_000.0);
        assertThat(registry.find(LimiterMetrics.UPSTREAM_LATENCY).timers()).hasSize(1);
    }

    @Test
    @DisplayName("RC2: a GET is retryable, a POST is not, and a POST with an Idempotency-Key is")
    void whichRequestsAreRetryable() {
        Request get = new Request.Builder().url(server.url("/v1/models")).build();
        Request post = get.newBuilder()
                .post(okhttp3.RequestBody.create("{}", okhttp3.MediaType.get("application/json")))
                .build();

        assertThat(RequestIdempotency.isRetryable(get)).isTrue();
        assertThat(RequestIdempotency.isRetryable(post)).isFalse();
        assertThat(RequestIdempotency.isRetryable(post.newBuilder()
                        .header(RequestIdempotency.IDEMPOTENCY_KEY, "k-1")
                        .build()))
                .isTrue();
        assertThat(RequestIdempotency.isRetryable(post.newBuilder()
                        .header(RequestIdempotency.IDEMPOTENCY_KEY, " ")
                        .build()))
                .isFalse();
    }
}
