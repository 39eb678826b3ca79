package dev.stormwatch.app.common;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

class DurationsTest {

    @Test
    @ResourceLock(Resources.LOCALE)
    @DisplayName("durations read the same in a locale that writes a decimal comma")
    void formatIgnoresTheDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            Locale.setDefault(Locale.GERMANY);
            assertThat(Durations.format(Duration.ofMillis(4_200))).isEqualTo("4.2 s");
            assertThat(Durations.human(Duration.ofMillis(1_500))).isEqualTo("1.5 s");
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void formatShowsMillisecondsUpToTheSecond() {
        assertThat(Durations.format(Duration.ofMillis(999))).isEqualTo("999 ms");
        assertThat(Durations.format(Duration.ofMillis(1_000))).isEqualTo("1.0 s");
    }

    @Test
    void formatShowsTenthsOfSecondsUpToTheMinute() {
        assertThat(Durations.format(Duration.ofMillis(4_200))).isEqualTo("4.2 s");
        assertThat(Durations.format(Duration.ofMillis(59_900))).isEqualTo("59.9 s");
        assertThat(Durations.format(Duration.ofMillis(60_000))).isEqualTo("1 min 00 s");
    }

    @Test
    void formatShowsMinutesAndSecondsUpToTheHour() {
        assertThat(Durations.format(Duration.ofSeconds(125))).isEqualTo("2 min 05 s");
        assertThat(Durations.format(Duration.ofSeconds(3_599))).isEqualTo("59 min 59 s");
        assertThat(Durations.format(Duration.ofSeconds(3_600))).isEqualTo("1 h 00 min");
    }

    @Test
    void formatShowsHoursAndMinutesBeyond() {
        assertThat(Durations.format(Duration.ofSeconds(1_000_000))).isEqualTo("277 h 46 min");
        assertThat(Durations.format(Duration.ofSeconds(7_259))).isEqualTo("2 h 00 min");
    }

    @Test
    void formatPutsAMinusBeforeANegativeDuration() {
        assertThat(Durations.format(Duration.ofMillis(-850))).isEqualTo("-850 ms");
        assertThat(Durations.format(Duration.ofSeconds(-125))).isEqualTo("-2 min 05 s");
    }

    @Test
    void formatOfNothingIsEmpty() {
        assertThat(Durations.format(Optional.empty())).isEmpty();
        assertThat(Durations.format(Optional.of(Duration.ofMillis(250)))).isEqualTo("250 ms");
    }

    @Test
    @DisplayName("LB10: a duration reads as a person says it, never as ISO-8601")
    void humanReadsAsAPersonSaysIt() {
        assertThat(Durations.human(Duration.ofMillis(999))).isEqualTo("999 ms");
        assertThat(Durations.human(Duration.ofMillis(1_000))).isEqualTo("1 s");
        assertThat(Durations.human(Duration.ofMillis(1_500))).isEqualTo("1.5 s");
        assertThat(Durations.human(Duration.ofMillis(1_020))).isEqualTo("1 s");
        assertThat(Durations.human(Duration.ofMillis(59_999))).isEqualTo("60 s");
        assertThat(Durations.human(Duration.ofMinutes(1))).isEqualTo("1 min");
        assertThat(Durations.human(Duration.ofSeconds(125))).isEqualTo("2 min 5 s");
        assertThat(Durations.human(Duration.ofSeconds(3_599))).isEqualTo("59 min 59 s");
        assertThat(Durations.human(Duration.ofMinutes(10))).isEqualTo("10 min");
        assertThat(Durations.human(Duration.ofHours(1))).isEqualTo("1 h");
        assertThat(Durations.human(Duration.ofSeconds(7_259))).isEqualTo("2 h");
        assertThat(Durations.human(Duration.ofSeconds(1_000_000))).isEqualTo("277 h 46 min");
        assertThat(Durations.human(Duration.ofSeconds(-5))).isEqualTo("-5 s");
    }

    @Test
    @DisplayName("P9: a countdown shows whole seconds rounded up, and 0 only when nothing is left")
    void ceilSecondsRoundsUp() {
        assertThat(Durations.ceilSeconds(Duration.ofSeconds(-3))).isZero();
        assertThat(Durations.ceilSeconds(Duration.ZERO)).isZero();
        assertThat(Durations.ceilSeconds(Duration.ofNanos(1))).isEqualTo(1);
        assertThat(Durations.ceilSeconds(Duration.ofSeconds(1))).isEqualTo(1);
        assertThat(Durations.ceilSeconds(Duration.ofSeconds(1).plusNanos(1))).isEqualTo(2);
    }
}
