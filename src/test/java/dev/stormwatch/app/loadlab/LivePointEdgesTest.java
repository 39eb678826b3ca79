package dev.stormwatch.app.loadlab;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.load.series.Counter;
import dev.stormwatch.load.series.TimeSeries;
import dev.stormwatch.load.series.TimeSeriesRecorder;
import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The seconds a live tick draws: the boundary of a second just passed, the provider's side, the response time. */
class LivePointEdgesTest {

    private static final Instant START = Instant.parse("2026-11-30T03:00:00Z");
    private final FakeClock clock = new FakeClock(START);

    private TimeSeriesRecorder recorder() {
        return new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 4);
    }

    /** The recorder's seconds once all four have passed. */
    private TimeSeries passed(TimeSeriesRecorder recorder) {
        clock.set(START.plusSeconds(4));
        return recorder.snapshot();
    }

    @Test
    @DisplayName("LB11: a second is drawn once it has passed, at its very end, and not a nanosecond before")
    void aSecondIsDrawnOnceItHasPassed() {
        TimeSeries client = passed(recorder());

        assertThat(LivePoint.of(Duration.ofSeconds(2), client, Optional.empty()))
                .hasSize(2);
        assertThat(LivePoint.of(Duration.ofSeconds(2).minusNanos(1), client, Optional.empty()))
                .hasSize(1);
    }

    @Test
    @DisplayName("LB12: the provider's arrivals are drawn beside the clients' seconds where it has them")
    void theProvidersArrivalsAreDrawnWhereItHasThem() {
        TimeSeriesRecorder client = recorder();
        TimeSeriesRecorder provider = new TimeSeriesRecorder(clock, START, Duration.ofSeconds(1), 1);
        provider.add(START, Counter.ATTEMPTS, 7);

        List<LivePoint> points = LivePoint.of(Duration.ofSeconds(2), passed(client), Optional.of(passed(provider)));

        assertThat(points).extracting(LivePoint::providerArrivals).containsExactly(Optional.of(7L), Optional.empty());
    }

    @Test
    void failuresCountServerErrorsAndNetworkErrorsTogether() {
        TimeSeriesRecorder client = recorder();
        client.add(START, Counter.STATUS_5XX, 2);
        client.add(START, Counter.NETWORK_ERRORS, 3);
        client.add(START, Counter.EXHAUSTED_BUDGETS, 4);
        client.add(START, Counter.LIMITER_REFUSED, 5);

        LivePoint first = LivePoint.of(Duration.ofSeconds(1), passed(client), Optional.empty())
                .get(0);

        assertThat(first.failed()).isEqualTo(5);
        assertThat(first.exhausted()).isEqualTo(4);
        assertThat(first.limiterRefused()).isEqualTo(5);
        assertThat(first.ok()).isZero();
    }

    @Test
    @DisplayName("CO1: the response time from the intended start is drawn where a schedule ran, in milliseconds")
    void theResponseTimeIsDrawnWhereAScheduleRan() {
        TimeSeriesRecorder client = recorder();
        client.latency(START, Duration.ofMillis(40));
        client.responseTime(START, Duration.ofMillis(250));

        List<LivePoint> points = LivePoint.of(Duration.ofSeconds(2), passed(client), Optional.empty());

        assertThat(points.get(0).responseP99Millis()).isPresent();
        assertThat(points.get(0).responseP99Millis().getAsDouble()).isBetween(240.0, 260.0);
        assertThat(points.get(0).p50Millis()).isBetween(38.0, 42.0);
        assertThat(points.get(1).responseP99Millis())
                .as("a closed loop's second")
                .isEmpty();
    }
}
