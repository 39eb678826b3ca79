package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.ComparisonBackoff;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.RetryPolicy;
import dev.stormwatch.testing.FakeClock;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * Both executors over real sockets with a comparison strategy: only the sleep without Retry-After changes.
 * Time moves only on the fake clock; every wait is recorded, none is slept.
 */
class ComparisonBackoffExecutorTest {

    /** The two executors; each test runs on both. */
    enum Path {
        BLOCKING,
        ASYNC
    }

    private final FakeClock clock = FakeClock.at("2026-11-30T06:00:00Z");
    private final FakeWaits waits = new FakeWaits(clock);

    @RegisterExtension
    final LoopbackTarget target = new LoopbackTarget(Duration.ofSeconds(2));

    private final OkHttpClient okHttp = target.okHttp();
    private final MockWebServer server = target.server();

    /** An executor on the fake clock with random 0.5; {@code strategy} empty: the builder's default. */
    private StepExecutor executor(Path path, Optional<ComparisonBackoff> strategy) {
        if (path == Path.BLOCKING) {
            RetryingExecutor.Builder builder =
                    RetryingExecutor.builder(okHttp).clock(clock).sleeper(waits).random(() -> 0.5);
            strategy.ifPresent(builder::backoffForComparison);
            return builder.build()::execute;
        }
        AsyncRetryingExecutor.Builder builder = AsyncRetryingExecutor.builder(okHttp)
                .clock(clock)
                .scheduler(waits)
                .random(() -> 0.5);
        strategy.ifPresent(builder::backoffForComparison);
        AsyncRetryingExecutor async = builder.build();
        return (requestPerAttempt, operation, step, budget) -> {
            try {
                return async.execute(requestPerAttempt, operation, step, budget).get(10, TimeUnit.SECONDS);
            } catch (ExecutionException e) {
                throw (RuntimeException) e.getCause();
            } catch (InterruptedException | TimeoutException e) {
                throw new AssertionError("the future did not complete", e);
            }
        };
    }

    private int send(StepExecutor executor) throws IOException {
        Request request = new Request.Builder().url(server.url("/v1/models")).build();
        try (Response response =
                executor.execute(request, Operation.READ, "models", CallBudget.start(RetryPolicy.DEFAULT, clock))) {
            return response.code();
        }
    }

    private void enqueue(int... statuses) {
        for (int status : statuses) {
            server.enqueue(new MockResponse().setResponseCode(status));
        }
    }

    // B3, B4
    @DisplayName("B3, B4: by default both executors back off with full jitter: 250 ms, then 500 ms at random 0.5")
    @ParameterizedTest
    @EnumSource(Path.class)
    void theDefaultStillJitters(Path path) throws IOException {
        enqueue(503, 503, 200);

        assertThat(send(executor(path, Optional.empty()))).isEqualTo(200);

        assertThat(waits.waits()).containsExactly(Duration.ofMillis(250), Duration.ofMillis(500));
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    @DisplayName("none, asked for by name: the same 503s are retried with zero wait")
    @ParameterizedTest
    @EnumSource(Path.class)
    void noneRetriesWithZeroWait(Path path) throws IOException {
        enqueue(503, 503, 200);

        assertThat(send(executor(path, Optional.of(ComparisonBackoff.NONE)))).isEqualTo(200);

        assertThat(waits.waits()).containsExactly(Duration.ZERO, Duration.ZERO);
        assertThat(server.getRequestCount()).isEqualTo(3);
    }

    // B1
    @DisplayName("B1: with none the attempts stay bounded: 3 to the origin, then the typed error")
    @ParameterizedTest
    @EnumSource(Path.class)
    void noneStaysBounded(Path path) {
        enqueue(503, 503, 503, 503, 503);

        CallFailure.Recoverable failure = catchThrowableOfType(
                CallFailure.Recoverable.class, () -> send(executor(path, Optional.of(ComparisonBackoff.NONE))));

        assertThat(failure).isNotNull();
        assertThat(failure.attempts()).isEqualTo(3);
        assertThat(server.getRequestCount()).isEqualTo(3);
        assertThat(waits.waits()).containsExactly(Duration.ZERO, Duration.ZERO);
    }

    // RA3
    @DisplayName("RA3: with none a Retry-After is still waited in full plus its jitter: 1 s + 50 ms")
    @ParameterizedTest
    @EnumSource(Path.class)
    void noneStillHonoursRetryAfter(Path path) throws IOException {
        server.enqueue(new MockResponse().setResponseCode(429).setHeader("Retry-After", "1"));
        enqueue(200);

        assertThat(send(executor(path, Optional.of(ComparisonBackoff.NONE)))).isEqualTo(200);

        assertThat(waits.waits()).containsExactly(Duration.ofMillis(1050));
    }

    @DisplayName("decorrelated grows from the step's previous sleep: 1 s, then 1.75 s at random 0.5")
    @ParameterizedTest
    @EnumSource(Path.class)
    void decorrelatedGrowsFromThePreviousSleep(Path path) throws IOException {
        enqueue(503, 503, 200);

        assertThat(send(executor(path, Optional.of(ComparisonBackoff.DECORRELATED))))
                .isEqualTo(200);

        // 500 + 0.5 x (1500 - 500), then 500 + 0.5 x (3 x 1000 - 500).
        assertThat(waits.waits()).isEqualTo(List.of(Duration.ofSeconds(1), Duration.ofMillis(1750)));
    }
}
