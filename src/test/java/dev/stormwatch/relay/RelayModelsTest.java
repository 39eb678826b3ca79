package dev.stormwatch.relay;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.testing.FakeClock;
import java.time.Duration;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

/** The relay's pure parts: latency, collapse, timeline and quota windows, as tables of exact values. */
class RelayModelsTest {

    @Test
    void latencyIsLogNormalAroundTheMedianAndCapped() {
        LatencyModel model = new LatencyModel(Duration.ofMillis(100), 0.5);
        assertThat(model.sample(0.0)).isEqualTo(Duration.ofMillis(100));
        assertThat(model.sample(2.0).toMillis()).isEqualTo(271); // 100 * e^1
        assertThat(model.sample(-2.0).toMillis()).isEqualTo(36); // 100 * e^-1
        assertThat(model.sample(100.0)).isEqualTo(Duration.ofSeconds(2)); // capped at 20 medians
        assertThat(LatencyModel.none().sample(3.0)).isZero();
    }

    @Test
    void collapseHalvesCapacityAndSlowsDownOnlyWhenRefusalsExceedCapacity() {
        assertThat(CapacityGate.effectiveCapacity(10, true, 10)).isEqualTo(10);
        assertThat(CapacityGate.effectiveCapacity(10, true, 11)).isEqualTo(5);
        assertThat(CapacityGate.effectiveCapacity(10, false, 1_000)).isEqualTo(10);
        assertThat(CapacityGate.effectiveCapacity(1, true, 5)).isEqualTo(1);
        assertThat(CapacityGate.slowdown(10, true, 0)).isEqualTo(1.0);
        assertThat(CapacityGate.slowdown(10, true, 20)).isEqualTo(3.0);
        assertThat(CapacityGate.slowdown(10, true, 1_000)).isEqualTo(CapacityGate.MAX_SLOWDOWN);
        assertThat(CapacityGate.slowdown(10, false, 1_000)).isEqualTo(1.0);
    }

    @Test
    void collapsedGateRefusesAtHalfCapacityWhileRefusalsAreRecent() {
        FakeClock clock = FakeClock.atNewYear();
        CapacityGate gate = new CapacityGate(2, true, clock);
        assertThat(gate.tryEnter()).isTrue();
        assertThat(gate.tryEnter()).isTrue();
        for (int i = 0; i < 3; i++) {
            assertThat(gate.tryEnter()).isFalse();
        }
        gate.exit();
        gate.exit();
        assertThat(gate.tryEnter()).isTrue();
        assertThat(gate.tryEnter()).as("collapsed to capacity 1").isFalse();
        gate.exit();
        clock.advance(Duration.ofSeconds(2));
        assertThat(gate.tryEnter()).isTrue();
        assertThat(gate.tryEnter()).as("recovered after two quiet seconds").isTrue();
    }

    @Test
    void timelineOutagesWinOverBrownOutsAndHiccupsAreListedInOrder() {
        Disruption outage = new Disruption.Outage(Duration.ofSeconds(5), Duration.ofSeconds(10));
        Disruption brownOut = new Disruption.BrownOut(Duration.ZERO, Duration.ofSeconds(20), 0.5);
        Timeline timeline = new Timeline(List.of(
                brownOut,
                outage,
                new Disruption.Hiccup(Duration.ofSeconds(30)),
                new Disruption.Hiccup(Duration.ofSeconds(3))));
        assertThat(timeline.activeAt(Duration.ofSeconds(4))).contains(brownOut);
        assertThat(timeline.activeAt(Duration.ofSeconds(5))).contains(outage);
        assertThat(timeline.activeAt(Duration.ofSeconds(10))).contains(brownOut);
        assertThat(timeline.activeAt(Duration.ofSeconds(20))).isEmpty();
        assertThat(timeline.hiccupsAfter(Duration.ZERO)).containsExactly(Duration.ofSeconds(3), Duration.ofSeconds(30));
        assertThat(timeline.hiccupsAfter(Duration.ofSeconds(4))).containsExactly(Duration.ofSeconds(30));
    }

    @Test
    void quotaWindowsAreFixedAndAlignedToTheEpoch() {
        FakeClock clock = FakeClock.atNewYear();
        clock.advance(Duration.ofSeconds(45));
        QuotaWindows windows = new QuotaWindows(new Quota(2, Duration.ofMinutes(1)), clock);
        assertThat(windows.admit("a")).isEmpty();
        assertThat(windows.admit("a")).isEmpty();
        assertThat(windows.admit("a")).contains(Duration.ofSeconds(15));
        assertThat(windows.remaining("a")).isZero();
        clock.advance(Duration.ofSeconds(15));
        assertThat(windows.admit("a")).isEqualTo(Optional.empty());
        assertThat(windows.remaining("a")).isEqualTo(1);
    }

    @Test
    void configurationRefusesNonsense() {
        assertThatThrownBy(() -> new Quota(0, Duration.ofMinutes(1))).isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RelayConfig.defaults().withCapacity(0, false))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Disruption.Outage(Duration.ofSeconds(5), Duration.ofSeconds(5)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Disruption.BrownOut(Duration.ZERO, Duration.ofSeconds(1), 1.5))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> RelayConfig.defaults().withApiKeys(List.of())).hasMessageContaining("nobody gets in");
    }
}
