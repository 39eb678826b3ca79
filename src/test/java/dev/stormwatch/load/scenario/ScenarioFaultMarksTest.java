package dev.stormwatch.load.scenario;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** LB5, LB18: one list of a scenario's marked faults serves the charts and the comparison's "from the fault on". */
class ScenarioFaultMarksTest {

    private static Scenario.Window seconds(long from, long to) {
        return new Scenario.Window(Duration.ofSeconds(from), Duration.ofSeconds(to));
    }

    @Test
    @DisplayName("LB5: a reset is marked as an instant, an outage and a shared Retry-After as the span they cover")
    void resetsAreInstantsAndOutagesAndPausesAreSpans() {
        assertThat(ScenarioPresets.THREE_AM_STORM.faultMarks())
                .containsExactly(new FaultMark(seconds(10, 10), "connections reset"));
        assertThat(ScenarioPresets.PROVIDER_OUTAGE.faultMarks())
                .containsExactly(new FaultMark(seconds(10, 30), "503 outage"));
        assertThat(ScenarioPresets.RETRY_AFTER_12.faultMarks())
                .containsExactly(new FaultMark(seconds(2, 14), "paused: shared Retry-After"));
        FaultMark outage = ScenarioPresets.PROVIDER_OUTAGE.faultMarks().get(0);
        assertThat(List.of(outage.fromSecond(), outage.toSecond())).containsExactly(10.0, 30.0);
    }

    @Test
    @DisplayName("LB18: a quota, a slow model or a leaky bucket is the background, not a fault the charts mark")
    void theBackgroundIsNotMarked() {
        assertThat(ScenarioPresets.QUOTA_EXHAUSTION.faultMarks()).isEmpty();
        assertThat(ScenarioPresets.NGINX_LEAKY_BUCKET.faultMarks()).isEmpty();
        assertThat(ScenarioPresets.STEADY.faultMarks()).isEmpty();
        assertThat(ScenarioPresets.QUOTA_EXHAUSTION.firstFault()).isEmpty();
    }

    @Test
    @DisplayName("LB18: the comparison counts from the first marked fault, in time order, whatever comes later")
    void theFirstFaultIsTheFirstMark() {
        Scenario resetThenOutage = new Scenario(
                "reset-then-outage",
                "Reset, then an outage",
                "a reset at 3 s, a 502 outage from 5 s to 9 s",
                List.of(
                        new TimedFault(Duration.ZERO, new RelayFault.Quota(50, Duration.ofSeconds(1))),
                        new TimedFault(Duration.ofSeconds(3), new RelayFault.ResetConnections()),
                        new TimedFault(Duration.ofSeconds(5), new RelayFault.Outage(Duration.ofSeconds(4), 502))),
                Duration.ofSeconds(12));

        assertThat(resetThenOutage.faultMarks())
                .containsExactly(
                        new FaultMark(seconds(3, 3), "connections reset"), new FaultMark(seconds(5, 9), "502 outage"));
        assertThat(resetThenOutage.firstFault()).contains(seconds(3, 3));
        assertThat(ScenarioPresets.PROVIDER_OUTAGE.firstFault()).contains(seconds(10, 30));
    }
}
