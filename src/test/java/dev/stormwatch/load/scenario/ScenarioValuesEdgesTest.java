package dev.stormwatch.load.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * The checks a scenario and its relay faults make when built, at their bounds: a preset that breaks one fails where it
 * is written, not halfway through a run.
 */
class ScenarioValuesEdgesTest {

    private static final Duration ONE = Duration.ofSeconds(1);

    @Test
    @DisplayName("every fault's length or window must be more than zero: one nanosecond is enough")
    void faultDurationsMustBePositive() {
        Duration least = Duration.ofNanos(1);
        assertThat(new RelayFault.SlowModel(least).median()).isEqualTo(least);
        assertThat(new RelayFault.Outage(least, 503).length()).isEqualTo(least);
        assertThat(new RelayFault.Quota(1, least).window()).isEqualTo(least);
        assertThat(new RelayFault.SharedRetryAfter(least).length()).isEqualTo(least);
        for (Duration none : List.of(Duration.ZERO, Duration.ofSeconds(-1))) {
            assertThatThrownBy(() -> new RelayFault.SlowModel(none))
                    .hasMessageStartingWith("model latency must be positive");
            assertThatThrownBy(() -> new RelayFault.Outage(none, 503))
                    .hasMessageStartingWith("outage length must be positive");
            assertThatThrownBy(() -> new RelayFault.Quota(1, none))
                    .hasMessageStartingWith("quota window must be positive");
            assertThatThrownBy(() -> new RelayFault.SharedRetryAfter(none))
                    .hasMessageStartingWith("Retry-After length must be positive");
        }
    }

    @Test
    @DisplayName("an outage answers 500 to 599 only; a quota and a leaky bucket let at least one request through")
    void faultCountsAtTheirBounds() {
        assertThat(new RelayFault.Outage(ONE, 500).status()).isEqualTo(500);
        assertThat(new RelayFault.Outage(ONE, 599).status()).isEqualTo(599);
        assertThatThrownBy(() -> new RelayFault.Outage(ONE, 499)).hasMessage("an outage answers 5xx, not 499");
        assertThatThrownBy(() -> new RelayFault.Outage(ONE, 600)).hasMessage("an outage answers 5xx, not 600");
        assertThat(new RelayFault.Quota(1, ONE).requests()).isEqualTo(1);
        assertThatThrownBy(() -> new RelayFault.Quota(0, ONE)).hasMessage("a quota allows at least one request, was 0");
        assertThat(new RelayFault.LeakyBucket(1).perSecond()).isEqualTo(1);
        assertThatThrownBy(() -> new RelayFault.LeakyBucket(0))
                .hasMessage("a leaky bucket lets at least one request a second through, was 0");
    }

    @Test
    @DisplayName("a scenario runs at least its minimum, ramps for less than it, runs one client or more, in time order")
    void aScenarioAtItsBounds() {
        Duration minimum = Duration.ofSeconds(20);
        List<TimedFault> none = List.of();

        assertThat(new Scenario("s", "S", "d", none, minimum, minimum, 1, minimum.minusNanos(1)).ramp())
                .isEqualTo(minimum.minusNanos(1));
        assertThatThrownBy(() -> new Scenario("s", "S", "d", none, minimum, minimum.minusNanos(1), 1))
                .hasMessage("the length of s is shorter than its minimum duration");
        assertThatThrownBy(() -> new Scenario("s", "S", "d", none, minimum, minimum, 1, minimum))
                .hasMessageStartingWith("the ramp of s must be at least 0 and shorter than its minimum duration");
        assertThatThrownBy(() -> new Scenario("s", "S", "d", none, minimum, minimum, 1, Duration.ofNanos(-1)))
                .hasMessageStartingWith("the ramp of s must be at least 0");
        assertThatThrownBy(() -> new Scenario("s", "S", "d", none, minimum, minimum, 0))
                .hasMessage("a scenario runs at least one client, was 0");
        TimedFault early = new TimedFault(Duration.ofSeconds(1), new RelayFault.ResetConnections());
        TimedFault late = new TimedFault(Duration.ofSeconds(2), new RelayFault.ResetConnections());
        assertThat(new Scenario("s", "S", "d", List.of(early, early, late), minimum).timeline())
                .hasSize(3);
        assertThatThrownBy(() -> new Scenario("s", "S", "d", List.of(late, early), minimum))
                .hasMessage("the timeline of s is not in time order");
    }
}
