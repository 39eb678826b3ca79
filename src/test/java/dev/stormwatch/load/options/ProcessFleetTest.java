package dev.stormwatch.load.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** LB19: the limiter comparison's fleet, one rule for the Load lab and the command line. */
class ProcessFleetTest {

    @Test
    @DisplayName("LB19: K is the instances asked for, at least 3, each process with the clients asked for")
    void kIsTheInstancesAskedForAndAtLeastThree() {
        assertThat(ProcessFleet.of(LimiterChoice.GCRA, 1, 64).processes()).isEqualTo(3);
        assertThat(ProcessFleet.of(LimiterChoice.GCRA, 2, 64).processes()).isEqualTo(3);
        assertThat(ProcessFleet.of(LimiterChoice.GCRA, 3, 64).processes()).isEqualTo(3);
        assertThat(ProcessFleet.of(LimiterChoice.GCRA, 5, 64).processes()).isEqualTo(5);
        assertThat(ProcessFleet.of(LimiterChoice.GCRA, 5, 64).clients()).isEqualTo(320);
    }

    @Test
    @DisplayName("LB19: with no limiter chosen each process stands behind the sliding log; a chosen one is kept")
    void noLimiterMeansTheSlidingLog() {
        assertThat(ProcessFleet.of(LimiterChoice.OFF, 1, 10).limiter()).isEqualTo(LimiterChoice.SLIDING_LOG);
        assertThat(ProcessFleet.of(LimiterChoice.GCRA, 1, 10).limiter()).isEqualTo(LimiterChoice.GCRA);
        assertThat(ProcessFleet.of(LimiterChoice.OFF, 4, 64).describe())
                .isEqualTo("4 processes of 64 clients each, each behind sliding-log");
    }

    @Test
    @DisplayName("LB19: a run's options become the fleet's: its limiter, K instances and every process's clients")
    void aRunsOptionsBecomeTheFleets() throws Exception {
        LoadOptions options = ProcessFleet.of(LimiterChoice.OFF, 1, 64)
                .applyTo(LoadOptions.builder().redis("local"))
                .build();

        assertThat(options.limiter()).isEqualTo(LimiterChoice.SLIDING_LOG);
        assertThat(options.instances()).isEqualTo(3);
        assertThat(options.clients()).isEqualTo(192);
    }

    @Test
    @DisplayName("LB19: a fleet of more clients than a run takes is refused in the options' words, saying how many each"
            + " process may have; at the most it runs")
    void aFleetOverTheMostARunTakesIsRefused() throws Exception {
        int most = LoadOptions.MAX_CLIENTS / 3;

        assertThat(ProcessFleet.of(LimiterChoice.GCRA, 1, most)
                        .applyTo(LoadOptions.builder().redis("local"))
                        .build()
                        .clients())
                .isEqualTo(3 * most);
        assertThatThrownBy(
                        () -> ProcessFleet.of(LimiterChoice.GCRA, 1, most + 1).applyTo(LoadOptions.builder()))
                .isInstanceOf(InvalidLoadOptionsException.class)
                .extracting(e -> ((InvalidLoadOptionsException) e).problems())
                .isEqualTo(java.util.List.of("--clients is 33334 for each of 3 processes (--instances, at least 3):"
                        + " 100002 clients, more than the 100000 a run takes; give --clients at most 33333"));
        assertThatThrownBy(() -> ProcessFleet.of(LimiterChoice.GCRA, 4, LoadOptions.MAX_CLIENTS)
                        .applyTo(LoadOptions.builder()))
                .isInstanceOf(InvalidLoadOptionsException.class)
                .hasMessageContaining("give --clients at most 25000");
    }
}
