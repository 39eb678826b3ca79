package dev.stormwatch.load.simulation;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BackoffStrategyTest {

    private static final Duration BASE = Duration.ofMillis(5);
    private static final Duration CAP = Duration.ofMillis(2_000);

    @DisplayName("each strategy is an exact function of (attempt, previous sleep, base 5 ms, cap 2 s, random)")
    @ParameterizedTest(name = "{0} attempt {1} previous {2} ms random {3} -> {4} ms")
    @CsvSource({
        // strategy, attempt, previous sleep ms, random, expected sleep ms
        "NONE,          1,    0, 0.99,    0",
        "NONE,          7,  300, 0.5,     0",
        "EXPONENTIAL,   1,    0, 0.99,   10",
        "EXPONENTIAL,   3,    0, 0.0,    40",
        "EXPONENTIAL,   8,    0, 0.5,  1280",
        "EXPONENTIAL,   9,    0, 0.5,  2000", // 2560 is capped
        "EXPONENTIAL, 1000,   0, 0.5,  2000", // no overflow far past the cap
        "FULL,          1,    0, 0.0,     0",
        "FULL,          2,    0, 0.5,    10",
        "FULL,          3,    0, 0.25,   10",
        "FULL,         12,    0, 0.75, 1500", // three quarters of the cap
        "EQUAL,         1,    0, 0.0,     5", // half of 10 ms, plus nothing
        "EQUAL,         2,    0, 0.5,    15", // 10 + 0.5 * 10
        "EQUAL,        20,    0, 0.5,  1500", // 1000 + 0.5 * 1000
        "DECORRELATED,  1,    0, 0.0,     5", // the chain starts at the base
        "DECORRELATED,  1,    0, 0.5,   10", // 5 + 0.5 * (15 - 5)
        "DECORRELATED,  4,  100, 0.5, 152.5", // 5 + 0.5 * (300 - 5)
        "DECORRELATED,  4,    1, 0.5,   10", // a previous sleep below the base reads as the base
        "DECORRELATED,  9, 1000, 0.9,  2000", // 2700.5 is capped
    })
    void sleepIsAnExactFunctionOfItsInputs(
            BackoffStrategy strategy, int attempt, double previousMs, double random, double expectedMs) {
        Duration sleep = strategy.sleep(attempt, millis(previousMs), BASE, CAP, random);

        assertThat(sleep).isEqualTo(millis(expectedMs));
    }

    @Test
    void fullJitterNeverReachesTheCappedExponential() {
        Duration justBelowOne = BackoffStrategy.FULL.sleep(3, Duration.ZERO, BASE, CAP, Math.nextDown(1.0));

        assertThat(justBelowOne).isLessThanOrEqualTo(Duration.ofMillis(40)).isGreaterThan(Duration.ofMillis(39));
    }

    @Test
    void exponentialIgnoresTheRandomNumber() {
        assertThat(BackoffStrategy.EXPONENTIAL.sleep(4, Duration.ZERO, BASE, CAP, 0.0))
                .isEqualTo(BackoffStrategy.EXPONENTIAL.sleep(4, Duration.ZERO, BASE, CAP, 0.999));
    }

    @Test
    void randomOutsideTheUnitIntervalIsRefused() {
        assertThatThrownBy(() -> BackoffStrategy.FULL.sleep(1, Duration.ZERO, BASE, CAP, 1.0))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("[0, 1)");
        assertThatThrownBy(() -> BackoffStrategy.FULL.sleep(1, Duration.ZERO, BASE, CAP, -0.1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> BackoffStrategy.FULL.sleep(1, Duration.ZERO, BASE, CAP, Double.NaN))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void attemptZeroAndACapBelowTheBaseAreRefused() {
        assertThatThrownBy(() -> BackoffStrategy.FULL.sleep(0, Duration.ZERO, BASE, CAP, 0.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("attempt");
        assertThatThrownBy(() -> BackoffStrategy.FULL.sleep(1, Duration.ZERO, BASE, Duration.ofMillis(4), 0.5))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cap");
    }

    @Test
    void cliNamesAreTheArticlesNames() {
        assertThat(BackoffStrategy.values())
                .extracting(BackoffStrategy::cliName)
                .containsExactly("none", "exponential", "full", "equal", "decorrelated");
        assertThat(BackoffStrategy.byCliName("Decorrelated")).contains(BackoffStrategy.DECORRELATED);
        assertThat(BackoffStrategy.byCliName("jittery")).isEmpty();
    }

    private static Duration millis(double ms) {
        return Duration.ofNanos(Math.round(ms * 1_000_000));
    }
}
