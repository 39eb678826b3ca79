package dev.stormwatch.oauth;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.oauth.DevicePolling.Next;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The device grant's polling decisions on a fake clock (DV2–DV5), boundaries just before, on and after. */
class DevicePollingTest {

    private final FakeClock clock = FakeClock.at("2026-12-01T10:00:00Z");
    private final Instant deadline = clock.instant().plusSeconds(600);

    private static Duration pollAfter(Next next) {
        assertThat(next).isInstanceOf(Next.Poll.class);
        return ((Next.Poll) next).after();
    }

    @Test
    @DisplayName("DV2: the first poll waits the provider's interval; authorization_pending waits it again")
    void pendingWaitsTheInterval() {
        DevicePolling polling = new DevicePolling(Optional.of(Duration.ofSeconds(7)), deadline);

        assertThat(pollAfter(polling.first(clock.instant()))).isEqualTo(Duration.ofSeconds(7));
        assertThat(pollAfter(polling.afterError("authorization_pending", clock.instant())
                        .orElseThrow()))
                .isEqualTo(Duration.ofSeconds(7));
        assertThat(polling.interval()).isEqualTo(Duration.ofSeconds(7));
    }

    @ParameterizedTest(name = "DV2: interval {0} s means 5 s")
    @ValueSource(longs = {0, -3})
    @DisplayName("DV2: no interval, or one that is not positive, means RFC 8628's 5 s")
    void missingIntervalIsFiveSeconds(long seconds) {
        assertThat(new DevicePolling(Optional.of(Duration.ofSeconds(seconds)), deadline).interval())
                .isEqualTo(Duration.ofSeconds(5));
        assertThat(new DevicePolling(Optional.empty(), deadline).interval()).isEqualTo(Duration.ofSeconds(5));
    }

    @Test
    @DisplayName("DV3: slow_down adds 5 s for that poll and every later one, and adds up")
    void slowDownAddsFiveSecondsForGood() {
        DevicePolling polling = new DevicePolling(Optional.of(Duration.ofSeconds(5)), deadline);

        assertThat(pollAfter(polling.afterError("slow_down", clock.instant()).orElseThrow()))
                .isEqualTo(Duration.ofSeconds(10));
        assertThat(pollAfter(polling.afterError("authorization_pending", clock.instant())
                        .orElseThrow()))
                .isEqualTo(Duration.ofSeconds(10));
        assertThat(pollAfter(polling.afterError("slow_down", clock.instant()).orElseThrow()))
                .isEqualTo(Duration.ofSeconds(15));
    }

    @ParameterizedTest(name = "DV4: {0} stops")
    @ValueSource(strings = {"expired_token", "access_denied"})
    @DisplayName("DV4: expired_token and access_denied stop with Reauthenticate, no further poll")
    void expiredAndDeniedStop(String error) {
        Next next = new DevicePolling(Optional.empty(), deadline)
                .afterError(error, clock.instant())
                .orElseThrow();

        assertThat(next).isInstanceOf(Next.Stop.class);
        assertThat(((Next.Stop) next).failure()).isInstanceOf(CallFailure.Reauthenticate.class);
    }

    @Test
    @DisplayName("DV4: a poll that would go at or after the deadline is not sent: 1 ms before it still polls")
    void noPollAtOrAfterTheDeadline() {
        DevicePolling polling = new DevicePolling(Optional.of(Duration.ofSeconds(5)), deadline);

        assertThat(polling.afterError(
                                "authorization_pending",
                                deadline.minusSeconds(5).minusMillis(1))
                        .orElseThrow())
                .isInstanceOf(Next.Poll.class);
        assertThat(polling.afterError("authorization_pending", deadline.minusSeconds(5))
                        .orElseThrow())
                .isInstanceOf(Next.Stop.class);
        assertThat(polling.afterError("authorization_pending", deadline.minusSeconds(4))
                        .orElseThrow())
                .isInstanceOf(Next.Stop.class);
    }

    @Test
    @DisplayName("DV4: any other error is left to the caller (it becomes the step's typed error)")
    void otherErrorsAreNotPollingDecisions() {
        assertThat(new DevicePolling(Optional.empty(), deadline).afterError("invalid_grant", clock.instant()))
                .isEmpty();
    }

    @Test
    @DisplayName("DV5: a failed poll doubles the interval, and waits for a longer Retry-After")
    void aFailedPollBacksOff() {
        DevicePolling polling = new DevicePolling(Optional.of(Duration.ofSeconds(5)), deadline);

        assertThat(pollAfter(polling.afterFailure(Optional.empty(), clock.instant())))
                .isEqualTo(Duration.ofSeconds(10));
        assertThat(pollAfter(polling.afterFailure(Optional.of(Duration.ofSeconds(3)), clock.instant())))
                .isEqualTo(Duration.ofSeconds(20));
        assertThat(pollAfter(polling.afterFailure(Optional.of(Duration.ofSeconds(90)), clock.instant())))
                .isEqualTo(Duration.ofSeconds(90));
        assertThat(polling.interval()).isEqualTo(Duration.ofSeconds(40));
        assertThat(pollAfter(polling.afterError("authorization_pending", clock.instant())
                        .orElseThrow()))
                .isEqualTo(Duration.ofSeconds(40));
    }
}
