package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.AdaptiveSendRate;
import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.ComparisonBackoff;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.RetryPolicy;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.util.List;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/** The collaborators both executors are built from: their defaults and their setters' chaining, on a real socket. */
class CollaboratorsBuilderEdgesTest {

    private final FakeClock clock = FakeClock.at("2026-12-02T07:00:00Z");
    private final FakeWaits waits = new FakeWaits(clock);

    @RegisterExtension
    final LoopbackTarget target = new LoopbackTarget(Duration.ofSeconds(5));

    private final OkHttpClient okHttp = target.okHttp();
    private final MockWebServer server = target.server();

    private int send(RetryingExecutor executor) {
        Request request = new Request.Builder().url(server.url("/v1/models")).build();
        try (Response response =
                executor.execute(request, Operation.READ, "models", CallBudget.start(RetryPolicy.DEFAULT, clock))) {
            return response.code();
        }
    }

    @Test
    @DisplayName("B4: a comparison run's backoff and a send rate chain on the builder: no backoff retries at once")
    void comparisonSettingsChain() {
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(new MockResponse().setResponseCode(200));

        RetryingExecutor executor = RetryingExecutor.builder(okHttp)
                .clock(clock)
                .sleeper(waits)
                .random(() -> 0.5)
                .backoffForComparison(ComparisonBackoff.NONE)
                .adaptiveSendRate(new AdaptiveSendRate(clock))
                .build();

        assertThat(send(executor)).isEqualTo(200);
        assertThat(waits.waits()).containsExactly(Duration.ZERO);
    }

    @Test
    @DisplayName("B3: by default the jitter's random number is drawn afresh: the retries' sleeps are not all zero")
    void theDefaultJitterIsRandom() {
        for (int k = 0; k < 3; k++) {
            server.enqueue(new MockResponse().setResponseCode(503));
        }
        server.enqueue(new MockResponse().setResponseCode(200));
        RetryPolicy fourTries = RetryPolicy.builder()
                .maxAttemptsPerOrigin(4)
                .maxTotalAttempts(4)
                .build();
        RetryingExecutor executor =
                RetryingExecutor.builder(okHttp).clock(clock).sleeper(waits).build();

        try (Response response = executor.execute(
                new Request.Builder().url(server.url("/v1/models")).build(),
                Operation.READ,
                "models",
                CallBudget.start(fourTries, clock))) {
            assertThat(response.code()).isEqualTo(200);
        }

        List<Duration> slept = waits.waits();
        assertThat(slept).hasSize(3);
        // Full jitter draws each sleep from [0, ceiling): three draws of exactly zero would take a broken source.
        assertThat(slept).anySatisfy(sleep -> assertThat(sleep).isPositive());
    }
}
