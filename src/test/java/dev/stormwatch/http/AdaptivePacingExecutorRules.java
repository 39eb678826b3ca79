package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.RetryPolicy;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * The executors with an adaptive send rate, over real sockets; time moves only on the fake clock. Written once, with
 * one flat subclass per executor: the asynchronous one ({@link AdaptivePacingExecutorTest}) and the blocking one
 * ({@link BlockingAdaptivePacingExecutorTest}) pass the same tests, as both ask one {@link dev.stormwatch.retry.SendGate}.
 */
// RH11
abstract class AdaptivePacingExecutorRules {

    final FakeClock clock = FakeClock.at("2026-12-01T12:00:00Z");
    final FakeWaits waits = new FakeWaits(clock);

    @RegisterExtension
    final LoopbackTarget target = new LoopbackTarget(Duration.ofSeconds(2));

    final OkHttpClient okHttp = target.okHttp();
    private final MockWebServer server = target.server();

    private int send(StepExecutor executor) {
        Request request = new Request.Builder().url(server.url("/v1/models")).build();
        try (Response response =
                executor.execute(request, Operation.READ, "models", CallBudget.start(RetryPolicy.DEFAULT, clock))) {
            return response.code();
        }
    }

    /** The executor under test, with an adaptive send rate when {@code adaptive}, waiting through {@link #waits}. */
    abstract StepExecutor executor(boolean adaptive);

    @Test
    @DisplayName("RH11: off by default: after a 429 the retry waits the Retry-After with its jitter, nothing more")
    void withoutAdaptivePacingOnlyTheRetryAfterIsWaited() {
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "1"));
        server.enqueue(new MockResponse().setResponseCode(200));

        assertThat(send(executor(false))).isEqualTo(200);

        assertThat(waits.waits()).containsExactly(Duration.ofMillis(1050));
    }

    @Test
    @DisplayName("RH11: after a 429 the retry waits the Retry-After first, then the bucket's slot: never earlier")
    void pacedRetryGoesNoEarlierThanTheRetryAfter() {
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "1"));
        server.enqueue(new MockResponse().setResponseCode(200));
        server.enqueue(new MockResponse().setResponseCode(200));
        StepExecutor executor = executor(true);

        assertThat(send(executor)).isEqualTo(200);
        // RA3: 1 s + 5 % jitter; then the bucket, at 0.5 sends per second with 0.525 tokens earned, 0.95 s more
        assertThat(waits.waits()).containsExactly(Duration.ofMillis(1050), Duration.ofMillis(950));

        // the next call's first attempt is paced too, on the timer
        assertThat(send(executor)).isEqualTo(200);
        assertThat(waits.waits()).hasSize(3);
        assertThat(waits.waits().get(2)).isBetween(Duration.ofMillis(600), Duration.ofMillis(700));
        assertThat(server.getRequestCount()).isEqualTo(3);
    }
}
