package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

// RH11
class AdaptiveSendRateTest {

    private final FakeClock clock = FakeClock.at("2026-12-01T12:00:00Z");
    private final Instant start = clock.instant();
    private final AdaptiveSendRate rate = new AdaptiveSendRate(clock);

    private Instant at(double seconds) {
        return start.plusNanos(Math.round(seconds * 1e9));
    }

    /** Ten answers a second for one second, the last one at t = 1.0 throttled or not. */
    private void tenPerSecondForOneSecond(boolean lastThrottled) {
        for (int i = 1; i <= 10; i++) {
            rate.onResponse(lastThrottled && i == 10, at(i / 10.0));
        }
    }

    @Test
    @DisplayName("RH11: off until the first throttle: every send goes at once, however fast")
    void offUntilTheFirstThrottle() {
        tenPerSecondForOneSecond(false);
        for (int i = 0; i < 1000; i++) {
            assertThat(rate.acquire(at(1.0))).isZero();
        }
        assertThat(rate.enabled()).isFalse();
    }

    @Test
    @DisplayName(
            "RH11: a throttle sets the rate to 0.7 of the measured send rate; the empty bucket makes sends wait a token")
    void throttleBacksOffToBetaTimesMeasured() {
        tenPerSecondForOneSecond(true);

        // measured: 10/s in the first half-second bucket (0.8 × 10), then 0.8 × 10 + 0.2 × 8 = 9.6
        assertThat(rate.measuredRate()).isCloseTo(9.6, within(1e-9));
        assertThat(rate.fillRate()).isCloseTo(9.6 * 0.7, within(1e-9));
        // the bucket starts empty: a send waits 1 / 6.72 s for its token, and asking again takes nothing ahead
        assertThat(rate.acquire(at(1.0)).toNanos()).isCloseTo(148_809_524L, within(1L));
        assertThat(rate.acquire(at(1.0)).toNanos()).isCloseTo(148_809_524L, within(1L));
        assertThat(rate.acquire(at(1.0 + 1 / 6.72 + 1e-9))).isZero();
        assertThat(rate.acquire(at(1.0 + 1 / 6.72 + 1e-9))).isPositive();
    }

    @ParameterizedTest(name = "RH11: K after a throttle at {0}/s is {1} s")
    @CsvSource({"0, 0", "1.3333333333333333, 1", "10.666666666666666, 2", "36, 3"})
    void timeWindowIsTheCubeRootOfTheLostRateOverC(double lastMaxRate, double expectedSeconds) {
        assertThat(AdaptiveSendRate.calculateTimeWindow(lastMaxRate)).isCloseTo(expectedSeconds, within(1e-9));
    }

    @ParameterizedTest(name = "RH11: {0} s after a throttle at 36/s (K = 3 s) the rate is {1}/s")
    @CsvSource({"0, 25.2", "1, 32.8", "2.999, 35.9999999996", "3, 36", "3.001, 36.0000000004", "4, 36.4", "5, 39.2"})
    void rateRecoversAlongTheCubicCurve(double sinceThrottle, double expected) {
        assertThat(AdaptiveSendRate.cubicSuccess(sinceThrottle, 3, 36)).isCloseTo(expected, within(1e-6));
    }

    @Test
    @DisplayName("RH11: right after a throttle, the cubic curve starts at exactly beta times the throttled rate")
    void curveStartsWhereTheThrottleLeftIt() {
        double k = AdaptiveSendRate.calculateTimeWindow(20);
        assertThat(AdaptiveSendRate.cubicSuccess(0, k, 20)).isCloseTo(AdaptiveSendRate.cubicThrottle(20), within(1e-9));
    }

    @Test
    @DisplayName("RH11: a throttle before any rate was measured paces at the floor, one send every 2 s")
    void throttleWithNothingMeasuredPacesAtTheFloor() {
        rate.onResponse(true, at(0.1));

        assertThat(rate.fillRate()).isEqualTo(AdaptiveSendRate.MIN_RATE);
        assertThat(rate.acquire(at(0.1))).isEqualTo(Duration.ofSeconds(2));
        assertThat(rate.acquire(at(2.1))).isZero();
        assertThat(rate.acquire(at(2.1))).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    @DisplayName("RH11: a token filled 1 ms late waits 1 ms; on time and after, no wait")
    void waitEndsExactlyWhenTheTokenFills() {
        rate.onResponse(true, at(0.1)); // 0.5 per second: a token takes 2 s

        AdaptiveSendRate same = new AdaptiveSendRate(start);
        same.onResponse(true, at(0.1));
        AdaptiveSendRate after = new AdaptiveSendRate(start);
        after.onResponse(true, at(0.1));

        assertThat(rate.acquire(at(2.099))).isEqualTo(Duration.ofMillis(1));
        assertThat(same.acquire(at(2.1))).isZero();
        assertThat(after.acquire(at(2.101))).isZero();
    }

    @Test
    @DisplayName("RH11: a rate that rises while a send waits is used when it asks again")
    void aRisingRateShortensTheNextAnswer() {
        rate.onResponse(true, at(0.1)); // floor: 2 s a token
        Duration before = rate.acquire(at(0.2));
        for (int i = 3; i <= 12; i++) {
            rate.onResponse(false, at(i / 10.0)); // answers from earlier sends keep coming in, all accepted
        }
        Duration after = rate.acquire(at(1.2));

        assertThat(rate.fillRate()).isGreaterThan(AdaptiveSendRate.MIN_RATE);
        assertThat(after).isLessThan(before.minus(Duration.ofSeconds(1)));
    }

    @Test
    @DisplayName("RH11: a long quiet spell saves at most one second's worth of sends (no burst after idling)")
    void idleTimeSavesNoMoreThanTheCapacity() {
        rate.onResponse(true, at(0.1));

        assertThat(rate.acquire(at(100))).isZero();
        assertThat(rate.acquire(at(100))).isEqualTo(Duration.ofSeconds(2));
    }

    @Test
    @DisplayName("RH11: successes never raise the rate above twice the measured send rate")
    void rateNeverExceedsTwiceTheMeasuredRate() {
        tenPerSecondForOneSecond(true);
        // then one answer a second for a minute: the curve would climb far, the measurement holds it down
        for (int s = 2; s <= 60; s++) {
            rate.onResponse(false, at(s));
            assertThat(rate.fillRate())
                    .isLessThanOrEqualTo(Math.max(2 * rate.measuredRate(), AdaptiveSendRate.MIN_RATE) + 1e-9);
        }
    }

    @Test
    @DisplayName("RH11: successes after a throttle bring the rate back up")
    void successesRaiseTheRateAgain() {
        tenPerSecondForOneSecond(true);
        double afterThrottle = rate.fillRate();
        for (int i = 11; i <= 40; i++) {
            rate.onResponse(false, at(i / 10.0)); // still ten a second, all accepted
        }
        assertThat(rate.fillRate()).isGreaterThan(afterThrottle);
    }

    @Test
    @DisplayName("RH11: a second throttle backs off from the lower of measured and fill rate")
    void secondThrottleBacksOffFromWhatWasSent() {
        tenPerSecondForOneSecond(true);
        for (int i = 11; i <= 14; i++) {
            rate.onResponse(false, at(i / 10.0));
        }
        double allowed = rate.fillRate();
        rate.onResponse(true, at(1.5));

        // measured at 1.5: 0.8 × 10 + 0.2 × 9.6 = 9.92, above what the bucket allowed: back off from the allowance
        assertThat(rate.measuredRate()).isCloseTo(9.92, within(1e-9));
        assertThat(allowed).isLessThan(9.92);
        assertThat(rate.fillRate()).isCloseTo(allowed * 0.7, within(1e-9));
    }

    @Test
    @DisplayName("RH11: a clock that steps back earns no tokens and throws nothing")
    void clockSteppingBackEarnsNothing() {
        rate.onResponse(true, at(10));
        Duration first = rate.acquire(at(5));
        Duration second = rate.acquire(at(5));

        assertThat(first).isPositive();
        assertThat(second).isEqualTo(first);
    }

    @Test
    @DisplayName(
            "RH11: what counts as a throttle: 429 always, 503 only with a wait; 500, 503 alone and network failures never")
    void whatCountsAsAThrottle() {
        Instant now = start;
        List.of(
                        new Object[] {Outcome.HttpResponse.of(429), true},
                        new Object[] {Outcome.HttpResponse.withRetryAfter(429, "5"), true},
                        new Object[] {Outcome.HttpResponse.withRetryAfter(503, "5"), true},
                        new Object[] {Outcome.HttpResponse.withRetryAfter(503, "0"), true},
                        new Object[] {Outcome.HttpResponse.of(503), false},
                        new Object[] {Outcome.HttpResponse.withRetryAfter(503, "soon"), false},
                        new Object[] {Outcome.HttpResponse.withRetryAfter(500, "5"), false},
                        new Object[] {Outcome.HttpResponse.of(200), false},
                        new Object[] {new Outcome.NetworkFailure(FailureKind.values()[0]), false})
                .forEach(row -> assertThat(AdaptiveSendRate.isThrottle((Outcome) row[0], now))
                        .as(row[0].toString())
                        .isEqualTo(row[1]));
    }
}
