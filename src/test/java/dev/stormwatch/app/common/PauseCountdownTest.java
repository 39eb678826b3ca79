package dev.stormwatch.app.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import org.junit.jupiter.api.Test;

class PauseCountdownTest {

    private final FakeClock clock = FakeClock.at("2026-11-30T09:00:00Z");
    private final ManualTicker ticker = new ManualTicker();
    private final PauseCountdown countdown = new PauseCountdown(clock, ticker);

    // P9
    @Test
    void countdownShowsWholeSecondsLeftRoundedUp() {
        countdown.start(Duration.ofMillis(4_200));

        assertThat(countdown.secondsLeftProperty().get()).isEqualTo(5);
        assertThat(countdown.runningProperty().get()).isTrue();
    }

    // P9, P6: each tick reads the wall clock, so a late tick shows the true figure.
    @Test
    void eachTickRecomputesFromTheWallClock() {
        countdown.start(Duration.ofSeconds(10));
        clock.advance(Duration.ofMillis(3_500));

        ticker.tick();

        assertThat(countdown.secondsLeftProperty().get()).isEqualTo(7);
    }

    // P9: one millisecond before the end the action stays disabled; at the end it comes back.
    @Test
    void countdownEndsExactlyWhenThePauseEnds() {
        countdown.start(Duration.ofSeconds(3));

        clock.advance(Duration.ofMillis(2_999));
        ticker.tick();
        assertThat(countdown.secondsLeftProperty().get()).isEqualTo(1);
        assertThat(countdown.runningProperty().get()).isTrue();

        clock.advance(Duration.ofMillis(1));
        ticker.tick();
        assertThat(countdown.secondsLeftProperty().get()).isZero();
        assertThat(countdown.runningProperty().get()).isFalse();
        assertThat(ticker.ticking()).isFalse();
    }

    @Test
    void aPauseAlreadyOverDoesNotStartTicking() {
        countdown.start(Duration.ZERO);

        assertThat(countdown.runningProperty().get()).isFalse();
        assertThat(ticker.ticking()).isFalse();
    }

    @Test
    void cancelStopsTheCountdown() {
        countdown.start(Duration.ofSeconds(30));

        countdown.cancel();

        assertThat(countdown.runningProperty().get()).isFalse();
        assertThat(ticker.ticking()).isFalse();
    }
}
