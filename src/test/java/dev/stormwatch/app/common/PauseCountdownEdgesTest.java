package dev.stormwatch.app.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class PauseCountdownEdgesTest {

    private final ManualTicker ticker = new ManualTicker();
    private final PauseCountdown countdown = new PauseCountdown(FakeClock.at("2026-11-30T09:00:00Z"), ticker);

    @Test
    @DisplayName("P9: a countdown started again replaces the running one: once cancelled, nothing ticks")
    void aCountdownStartedAgainReplacesTheRunningOne() {
        countdown.start(Duration.ofSeconds(10));
        countdown.start(Duration.ofSeconds(20));
        assertThat(countdown.secondsLeftProperty().get()).isEqualTo(20);

        countdown.cancel();

        assertThat(ticker.ticking()).isFalse();
    }

    @Test
    @DisplayName("P9: a cancelled countdown shows no seconds left")
    void aCancelledCountdownShowsNoSecondsLeft() {
        countdown.start(Duration.ofSeconds(30));
        assertThat(countdown.secondsLeftProperty().get()).isEqualTo(30);

        countdown.cancel();

        assertThat(countdown.secondsLeftProperty().get()).isZero();
    }
}
