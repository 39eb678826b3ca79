package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class OriginPausesTest {

    private static final Origin TOKEN = Origin.of("https://idp.example/token");
    private static final Origin OTHER = Origin.of("https://other.example/");

    private final FakeClock clock = FakeClock.at("2026-11-30T06:00:00Z");
    private final OriginPauses pauses = new OriginPauses(clock);

    // P1, P2
    @Test
    @DisplayName(
            "P2: a running pause refuses with the status that started it and what is left; 1 ms before, on and after its end")
    void refusesUntilTheEnd() {
        pauses.start(TOKEN, 429, clock.instant().plusSeconds(120));

        assertThat(pauses.check(TOKEN)).contains(new OriginPauses.Refusal(429, Duration.ofSeconds(120)));
        clock.advance(Duration.ofSeconds(120).minusMillis(1));
        assertThat(pauses.check(TOKEN)).contains(new OriginPauses.Refusal(429, Duration.ofMillis(1)));
        clock.advance(Duration.ofMillis(1));
        assertThat(pauses.check(TOKEN)).isEmpty();
        clock.advance(Duration.ofMillis(1));
        assertThat(pauses.check(TOKEN)).isEmpty();
    }

    // P2, P9
    @Test
    @DisplayName("P2, P9: the refusal's error says nothing was sent (attempts 0) and carries the remaining pause")
    void refusalError() {
        pauses.start(TOKEN, 503, clock.instant().plusSeconds(30));

        CallFailure.Recoverable failure = pauses.check(TOKEN).orElseThrow().toFailure(TOKEN, Duration.ofSeconds(1));

        assertThat(failure.reason())
                .isEqualTo(new CallFailure.Server(
                        503, java.util.Optional.of(Duration.ofSeconds(30)), 0, Duration.ofSeconds(1)));
        assertThat(failure.refusedByPause()).isTrue();
        assertThat(failure.getMessage())
                .contains("paused")
                .contains("nothing was sent")
                .contains("30 s");
    }

    // OP5
    @Test
    @DisplayName("OP5: pauses are per origin")
    void perOrigin() {
        pauses.start(TOKEN, 429, clock.instant().plusSeconds(60));

        assertThat(pauses.check(OTHER)).isEmpty();
        assertThat(pauses.check(Origin.of("http://idp.example/token")))
                .as("another scheme is another origin")
                .isEmpty();
    }

    // P1
    @Test
    @DisplayName("P1: a shorter pause never shortens a running one; a longer one lengthens it")
    void longestPauseWins() {
        Instant later = clock.instant().plusSeconds(120);
        pauses.start(TOKEN, 429, later);
        pauses.start(TOKEN, 503, clock.instant().plusSeconds(10));
        assertThat(pauses.pausedUntil(TOKEN)).contains(later);

        pauses.start(TOKEN, 503, later.plusSeconds(1));
        assertThat(pauses.check(TOKEN).orElseThrow().status()).isEqualTo(503);
    }

    // P4
    @Test
    @DisplayName("P4: pauses live in memory: a new registry (a new process) starts without one")
    void newRegistryHasNoPause() {
        pauses.start(TOKEN, 429, clock.instant().plusSeconds(60));

        assertThat(new OriginPauses(clock).check(TOKEN)).isEmpty();
    }

    // P6
    @Test
    @DisplayName("P6: the pause runs on the wall clock, also while the machine sleeps (a jump of the clock ends it)")
    void wallClockJump() {
        pauses.start(TOKEN, 429, clock.instant().plusSeconds(600));

        clock.advance(Duration.ofHours(1)); // the laptop was closed

        assertThat(pauses.check(TOKEN)).isEmpty();
    }

    @Test
    @DisplayName("P1: many threads starting and checking pauses at once agree on the longest")
    void threadSafe() throws InterruptedException {
        ExecutorService threads = Executors.newFixedThreadPool(4);
        CountDownLatch done = new CountDownLatch(400);
        for (int i = 1; i <= 400; i++) {
            int seconds = i;
            threads.execute(() -> {
                pauses.start(TOKEN, 429, clock.instant().plusSeconds(seconds));
                pauses.check(TOKEN);
                done.countDown();
            });
        }
        assertThat(done.await(10, TimeUnit.SECONDS)).isTrue();
        threads.shutdown();

        assertThat(pauses.check(TOKEN)).contains(new OriginPauses.Refusal(429, Duration.ofSeconds(400)));
    }

    // RH12
    @Test
    @DisplayName(
            "RH12: a model's pace holds that model only; the longest hold on a request decides; an ended pace is gone")
    void scopedPaces() {
        dev.stormwatch.retry.PaceScope.PaceTarget gpt =
                PaceScope.PaceTarget.of("POST", "/v1/chat", java.util.Optional.of("gpt-4o"));
        PaceScope.PaceKey key = PaceScope.MODEL.keyFor(gpt);
        pauses.pace(TOKEN, key, clock.instant().plusSeconds(5));

        assertThat(pauses.check(TOKEN)).as("the origin itself is free").isEmpty();
        assertThat(pauses.check(TOKEN, gpt))
                .contains(new OriginPauses.Refusal(429, Duration.ofSeconds(5), java.util.Optional.of(key)));

        pauses.start(TOKEN, 503, clock.instant().plusSeconds(2));
        assertThat(pauses.check(TOKEN, gpt))
                .as("the longer hold")
                .contains(new OriginPauses.Refusal(429, Duration.ofSeconds(5), java.util.Optional.of(key)));
        pauses.start(TOKEN, 503, clock.instant().plusSeconds(9));
        assertThat(pauses.check(TOKEN, gpt)).contains(new OriginPauses.Refusal(503, Duration.ofSeconds(9)));

        clock.advance(Duration.ofSeconds(9));
        assertThat(pauses.check(TOKEN, gpt)).isEmpty();
    }
}
