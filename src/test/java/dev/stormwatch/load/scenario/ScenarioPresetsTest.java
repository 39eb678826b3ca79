package dev.stormwatch.load.scenario;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ScenarioPresetsTest {

    @ParameterizedTest(name = "''{0}'' is {1}")
    @CsvSource({
        "3am-storm, 3am-storm",
        "3 AM storm, 3am-storm",
        "3_AM_STORM, 3am-storm",
        "provider outage, provider-outage",
        "Quota Exhaustion, quota-exhaustion",
        "Retry-After 120, retry-after-120",
        "retry-after-120, retry-after-120",
        "steady, steady",
    })
    void presetsAreFoundByNameOrTitle(String typed, String name) {
        assertThat(ScenarioPresets.byName(typed)).map(Scenario::name).contains(name);
    }

    @Test
    void anUnknownNameFindsNothing() {
        assertThat(ScenarioPresets.byName("hurricane")).isEmpty();
        assertThat(ScenarioPresets.names())
                .isEqualTo("steady, 3am-storm, provider-outage, quota-exhaustion, retry-after-120,"
                        + " retry-after-12, nginx-limit-req");
    }

    @Test
    @DisplayName("LB17: the 3 AM storm runs against a slow model and a quota, and resets every connection at t = 10 s")
    void theThreeAmStormResetsEveryConnectionAtTenSeconds() {
        Scenario storm = ScenarioPresets.THREE_AM_STORM;

        assertThat(storm.timeline())
                .containsExactly(
                        new TimedFault(Duration.ZERO, new RelayFault.SlowModel(Duration.ofMillis(500))),
                        new TimedFault(Duration.ZERO, new RelayFault.Quota(120, Duration.ofSeconds(1))),
                        new TimedFault(Duration.ofSeconds(10), new RelayFault.ResetConnections()));
        assertThat(storm.resetAt()).contains(Duration.ofSeconds(10));
        assertThat(storm.focus()).as("the reset, not the quota's first window").contains(Duration.ofSeconds(10));
        assertThat(storm.sharedRetryAfterEnds())
                .as("LB17: beside a reset the quota is the background, not a shared instant")
                .isEmpty();
    }

    @Test
    void theProviderOutageLastsTwentySecondsAndRecoveryIsWatchedFromItsEnd() {
        Scenario outage = ScenarioPresets.PROVIDER_OUTAGE;

        assertThat(outage.outage()).contains(new Scenario.Window(Duration.ofSeconds(10), Duration.ofSeconds(30)));
        assertThat(outage.timeline().get(0).fault()).isEqualTo(new RelayFault.Outage(Duration.ofSeconds(20), 503));
        assertThat(outage.focus()).contains(Duration.ofSeconds(30));
    }

    @Test
    void retryAfterOneHundredTwentyEndsForEveryoneAtTheSameInstant() {
        Scenario retryAfter = ScenarioPresets.RETRY_AFTER_120;

        assertThat(retryAfter.sharedRetryAfterEnds()).contains(Duration.ofSeconds(130));
        assertThat(retryAfter.focus()).contains(Duration.ofSeconds(130));
    }

    @Test
    void quotaExhaustionSendsEveryRefusedClientToTheEndOfTheWindow() {
        Scenario quota = ScenarioPresets.QUOTA_EXHAUSTION;

        assertThat(quota.timeline().get(0).fault()).isEqualTo(new RelayFault.Quota(100, Duration.ofSeconds(10)));
        assertThat(quota.sharedRetryAfterEnds()).contains(Duration.ofSeconds(10));
    }

    @Test
    void everyPresetRunsLongEnoughToShowTheMomentItIsAbout() {
        for (Scenario scenario : ScenarioPresets.ALL) {
            scenario.focus()
                    .ifPresent(focus -> assertThat(scenario.minimumDuration())
                            .as(scenario.name())
                            .isGreaterThan(focus.plusSeconds(1)));
        }
    }

    @Test
    void theSteadyScenarioInjectsNothing() {
        assertThat(ScenarioPresets.STEADY.injectsFaults()).isFalse();
        assertThat(ScenarioPresets.STEADY.focus()).isEmpty();
    }

    @Test
    void faultsWithNonsenseValuesAreRefused() {
        assertThatThrownBy(() -> new RelayFault.Outage(Duration.ZERO, 503))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RelayFault.Outage(Duration.ofSeconds(1), 429))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new RelayFault.Quota(0, Duration.ofSeconds(1)))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new TimedFault(Duration.ofSeconds(-1), new RelayFault.ResetConnections()))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> new Scenario(
                        "x",
                        "X",
                        "",
                        List.of(
                                new TimedFault(Duration.ofSeconds(5), new RelayFault.ResetConnections()),
                                new TimedFault(Duration.ofSeconds(1), new RelayFault.ResetConnections())),
                        Duration.ofSeconds(10)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("time order");
    }
}
