package dev.stormwatch.soak;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** RB5: the soak's verdict and its timeline, as pure functions. */
class SoakVerdictTest {

    private static final long MB = 1024 * 1024;

    private static List<SoakVerdict.Sample> minutes(int count, long heapGrowthPerMinute, int threadGrowthPerMinute) {
        List<SoakVerdict.Sample> samples = new ArrayList<>();
        for (int i = 0; i < count; i++) {
            samples.add(new SoakVerdict.Sample(
                    60L * i,
                    40 * MB + i * heapGrowthPerMinute + (i % 2) * 3 * MB,
                    30 + i * threadGrowthPerMinute,
                    150,
                    2,
                    2 * MB));
        }
        return samples;
    }

    @Test
    @DisplayName("RB5: a sawtooth heap, steady threads, files and Redis over 30 minutes is flat")
    void aSawtoothIsFlat() {
        SoakVerdict verdict = SoakVerdict.of(minutes(31, 0, 0));

        assertThat(verdict.flat()).isTrue();
        assertThat(verdict.describe()).startsWith("FLAT").contains("heap").contains("redis memory");
    }

    @Test
    @DisplayName("RB5: a heap growing 1 MB a minute is a leak within 30 minutes; 16 MB in all is allowed, 20 MB is not")
    void aHeapGrowingEveryMinuteIsNotFlat() {
        SoakVerdict leaking = SoakVerdict.of(minutes(31, MB, 0));

        assertThat(leaking.flat()).isFalse();
        assertThat(leaking.describe()).startsWith("NOT FLAT: [heap] grew");
        SoakVerdict.Finding heap = leaking.findings().get(0);
        assertThat(heap.after() - heap.before()).isEqualTo(20 * MB);
        assertThat(SoakVerdict.of(minutes(4, 8 * MB, 0)).flat())
                .as("16 MB from first to last third: on the allowance")
                .isTrue();
        assertThat(SoakVerdict.of(minutes(4, 8 * MB + 1, 0)).flat())
                .as("two bytes over")
                .isFalse();
    }

    @Test
    @DisplayName("RB5: one thread more a minute is a leak; the warm-up sample is left out")
    void aThreadLeakIsNotFlat() {
        assertThat(SoakVerdict.of(minutes(31, 0, 1)).findings())
                .filteredOn(f -> f.resource().equals("threads"))
                .singleElement()
                .satisfies(f -> assertThat(f.flat()).isFalse());
        List<SoakVerdict.Sample> warmUp = new ArrayList<>(minutes(31, 0, 0));
        warmUp.set(0, new SoakVerdict.Sample(0, 5 * MB, 10, 80, 0, MB));
        assertThat(SoakVerdict.of(warmUp).flat())
                .as("the warm-up's low values are no baseline")
                .isTrue();
    }

    @Test
    @DisplayName("RB5: samples taken while Redis restarted (-1) are left out, and fewer than 4 samples give no verdict")
    void unreadableSamplesAreLeftOut() {
        List<SoakVerdict.Sample> samples = new ArrayList<>(minutes(10, 0, 0));
        samples.set(9, new SoakVerdict.Sample(540, 40 * MB, 30, 150, -1, -1));

        assertThat(SoakVerdict.of(samples).flat()).isTrue();
        assertThatThrownBy(() -> SoakVerdict.of(minutes(3, 0, 0)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("a soak verdict needs at least 4 samples, had 3");
    }

    @Test
    @DisplayName(
            "RB5: a 30-minute soak cycles outage, hiccup and Retry-After every 2.5 minutes and restarts Redis twice")
    void thePlanCyclesFaultsAndRestartsRedisTwice() {
        SoakPlan plan = SoakPlan.of(Duration.ofMinutes(30));

        assertThat(plan.steps())
                .filteredOn(step -> step.kind() == SoakPlan.Kind.REDIS_RESTART)
                .extracting(SoakPlan.Step::at)
                .containsExactly(Duration.ofSeconds(675), Duration.ofSeconds(1275));
        assertThat(plan.steps())
                .filteredOn(step -> step.kind() != SoakPlan.Kind.REDIS_RESTART)
                .extracting(SoakPlan.Step::kind)
                .startsWith(SoakPlan.Kind.OUTAGE, SoakPlan.Kind.HICCUP, SoakPlan.Kind.RETRY_AFTER, SoakPlan.Kind.OUTAGE)
                .hasSize(11);
        assertThat(plan.steps().get(0).at()).isEqualTo(Duration.ofSeconds(150));
        assertThat(plan.steps()).allSatisfy(step -> assertThat(step.at()).isLessThan(Duration.ofMinutes(30)));
        assertThatThrownBy(() -> SoakPlan.of(Duration.ofSeconds(59))).hasMessageContaining("--minutes");
    }
}
