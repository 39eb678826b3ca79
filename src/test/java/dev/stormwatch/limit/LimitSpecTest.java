package dev.stormwatch.limit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** Limits and windows are checked when made, never clamped. */
class LimitSpecTest {

    @ParameterizedTest
    @ValueSource(ints = {0, -1, Integer.MIN_VALUE})
    void limitBelowOneIsRefused(int limit) {
        assertThatThrownBy(() -> LimitSpec.of(limit, Duration.ofMinutes(1)))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("limit must be at least 1 request per window, was " + limit);
    }

    @Test
    void limitBoundsAreOneAndTheMaximum() {
        assertThat(LimitSpec.of(1, Duration.ofMinutes(1)).limit()).isEqualTo(1);
        assertThat(LimitSpec.of(LimitSpec.MAX_LIMIT, Duration.ofMinutes(1)).limit())
                .isEqualTo(LimitSpec.MAX_LIMIT);
        assertThatThrownBy(() -> LimitSpec.of(LimitSpec.MAX_LIMIT + 1, Duration.ofMinutes(1)))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("at most 100000");
    }

    @Test
    void zeroOrNegativeWindowIsRefused() {
        assertThatThrownBy(() -> LimitSpec.of(5, Duration.ZERO))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessage("window must be at least 1 ms, was PT0S");
        assertThatThrownBy(() -> LimitSpec.of(5, Duration.ofSeconds(-1)))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("at least 1 ms");
        assertThatThrownBy(() -> LimitSpec.of(5, null))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("window is missing");
    }

    @Test
    void windowBoundsAreOneMillisecondAndOneDay() {
        assertThat(LimitSpec.of(5, Duration.ofMillis(1)).windowMicros()).isEqualTo(1000);
        assertThat(LimitSpec.of(5, Duration.ofHours(24)).window()).isEqualTo(Duration.ofHours(24));
        assertThatThrownBy(() -> LimitSpec.of(5, Duration.ofHours(24).plusMillis(1)))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("at most 24 h");
    }

    @Test
    void fractionalMillisecondWindowIsRefusedNotRounded() {
        assertThatThrownBy(() -> LimitSpec.of(5, Duration.ofNanos(1_500_000)))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("whole milliseconds");
    }

    // L7: GCRA's emission interval is window / limit in whole µs; below 1 µs it rounded up and cut the rate
    @Test
    @DisplayName(
            "L7: more than one request per microsecond is refused: GCRA's interval would round up and cut the rate")
    void moreThanOneRequestPerMicrosecondIsRefused() {
        assertThat(LimitSpec.of(1_000, Duration.ofMillis(1)).limit()).isEqualTo(1_000); // exactly 1 µs apart
        assertThatThrownBy(() -> LimitSpec.of(1_001, Duration.ofMillis(1)))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("more than one request per microsecond");
        assertThatThrownBy(() -> LimitSpec.of(100_000, Duration.ofMillis(10)))
                .isInstanceOf(LimiterConfigurationException.class)
                .hasMessageContaining("100000 per PT0.01S");
    }

    // L7
    @Test
    @DisplayName("L7: at one request per microsecond, GCRA sustains the whole limit per window")
    void gcraAtOneRequestPerMicrosecondSustainsTheLimit() {
        LocalGcra gcra = new LocalGcra(LimitSpec.of(1_000, Duration.ofMillis(1)));
        long allowed = 0;
        // Ten windows, one request offered every 0.5 µs (twice the limit): the burst plus one per µs.
        for (long halfMicros = 0; halfMicros < 20_000; halfMicros++) {
            if (gcra.decide(1_000_000_000L + halfMicros / 2).allowed()) {
                allowed++;
            }
        }
        assertThat(allowed).isBetween(10_000L, 11_000L);
    }
}
