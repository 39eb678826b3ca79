package dev.stormwatch.oauth;

import dev.stormwatch.testing.FakeClock;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.http.RetryingExecutor;
import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.RetryPolicy;
import java.net.InetAddress;
import java.net.URI;
import java.time.Instant;
import java.util.Optional;
import okhttp3.OkHttpClient;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import okhttp3.mockwebserver.SocketPolicy;
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
                .clock(clock).sleeper(clock::advance).random(() -> 0.0).build();
        requests = new ProviderRequests(executor, Optional.empty());
    }

    @AfterEach
    void stop() throws Exception {
        server.shutdown();
    }

    private static MockResponse bodyBreaksOff() {
        return new MockResponse().setBody("{\"keys\":[" + "x".repeat(64 * 1024) + "]}")
                .setSocketPolicy(SocketPolicy.DISCONNECT_DURING_RESPONSE_BODY);
    }

    // Regression: a broken body said attempts = 1 and was not recorded in the budget.
    @Test
    @DisplayName("E3, B1: a body that breaks off counts as a failed request of its step and of the budget, and is not resent")
    void aBodyThatBreaksOffCountsAgainstTheStepAndTheBudget() {
        server.enqueue(new MockResponse().setResponseCode(503).setHeader("Retry-After", "1"));
        server.enqueue(bodyBreaksOff());
        CallBudget budget = CallBudget.start(RetryPolicy.DEFAULT, clock);
        URI url = server.url("/jwks").uri();

        assertThatThrownBy(() -> requests.get(url, "jwks", budget))
                .isInstanceOfSatisfying(CallFailure.Recoverable.class, e -> {
                    assertThat(e.reason()).isInstanceOfSatisfying(CallFailure.Network.class,
                            n -> assertThat(n.kind()).isEqualTo(FailureKind.RESET_AFTER_SEND));
                    assertThat(e.attempts()).isEqualTo(2);
                });
        assertThat(budget.failedInAll()).isEqualTo(2);
        assertThat(budget.failedAt(Origin.of(url))).isEqualTo(2);
        assertThat(server.getRequestCount()).isEqualTo(2);
    }

    @Test
    @DisplayName("E3: a broken body on a step's first request is attempt 1 of that step; the budget keeps earlier failures")
    void aBrokenBodyCountsOnlyTheFailuresOfItsOwnStep() {
        server.enqueue(new MockResponse().setResponseCode(503));
        server.enqueue(new MockResponse().setBody("{}"));
        server.enqueue(bodyBreaksOff());
        CallBudget budget = CallBudget.start(RetryPolicy.DEFAULT, clock);
        assertThat(requests.get(server.url("/.well-known/openid-configuration").uri(), "discovery", budget).ok()).isTrue();

        assertThatThrownBy(() -> requests.get(server.url("/jwks").uri(), "jwks", budget))
                .isInstanceOfSatisfying(CallFailure.Recoverable.class, e -> assertThat(e.attempts()).isEqualTo(1));
        assertThat(budget.failedInAll()).isEqualTo(2);
        assertThat(server.getRequestCount()).isEqualTo(3);
    }
}
