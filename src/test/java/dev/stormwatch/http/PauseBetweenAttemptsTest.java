package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stormwatch.retry.CallBudget;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.Operation;
import dev.stormwatch.retry.Origin;
import dev.stormwatch.retry.OriginPauses;
import dev.stormwatch.retry.RetryPolicy;
import dev.stormwatch.testing.FakeClock;
import java.io.IOException;
import java.net.InetAddress;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CopyOnWriteArrayList;
import okhttp3.OkHttpClient;
import okhttp3.Request;
import okhttp3.mockwebserver.MockResponse;
import okhttp3.mockwebserver.MockWebServer;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PauseBetweenAttemptsTest {

    // P2, P9: another call starts a pause while this step sleeps before its retry; the retry is refused with
    // attempts = 0 and the rest of the pause, so the window counts down instead of offering a retry.
    @Test
    @DisplayName("P2: a pause that begins between two attempts refuses the retry with attempts = 0")
    void pauseStartedByAnotherCallRefusesTheRetryWithAttemptsZero() throws IOException {
        FakeClock clock = FakeClock.at("2026-11-30T06:00:00Z");
        OriginPauses pauses = new OriginPauses(clock);
        List<AttemptEvent> events = new CopyOnWriteArrayList<>();
        try (MockWebServer server = new MockWebServer()) {
            server.start(InetAddress.getLoopbackAddress(), 0);
            server.enqueue(new MockResponse().setResponseCode(503));
            Origin origin = Origin.of(server.url("/").uri());
            RetryingExecutor executor = RetryingExecutor.builder(new OkHttpClient())
                    .clock(clock)
                    .random(() -> 0.5)
                    .pauses(pauses)
                    .listener(events::add)
                    .sleeper(delay -> {
                        clock.advance(delay);
                        // Meanwhile another call met a 429 with Retry-After: 30 on the same origin.
                        pauses.start(origin, 429, clock.instant().plusSeconds(30));
                    })
                    .build();

            CallFailure.Recoverable failure = catchThrowableOfType(
                    CallFailure.Recoverable.class,
                    () -> executor.execute(
                            new Request.Builder().url(server.url("/userinfo")).build(),
                            Operation.READ,
                            "userinfo",
                            CallBudget.start(RetryPolicy.DEFAULT, clock)));

            assertThat(failure.reason())
                    .isEqualTo(new CallFailure.Server(
                            429,
                            Optional.of(Duration.ofSeconds(30)),
                            0,
                            failure.reason().elapsed()));
            assertThat(server.getRequestCount()).as("the retry was not sent").isEqualTo(1);
            assertThat(events)
                    .extracting(AttemptEvent::verdict)
                    .containsExactly(AttemptEvent.Verdict.RETRY, AttemptEvent.Verdict.REFUSED_BY_PAUSE);
        }
    }
}
