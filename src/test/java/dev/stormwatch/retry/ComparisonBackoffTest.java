package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

/**
 * The sleep formulas of the comparison strategies over {@link RetryPolicy#DEFAULT} (500 ms doubling up to 10 s), as
 * tables of exact values: the random number is an argument.
 */
class ComparisonBackoffTest {

    private static final RetryPolicy POLICY = RetryPolicy.DEFAULT;
    private static final Duration NO_PREVIOUS = Duration.ZERO;

    private static Duration sleep(ComparisonBackoff strategy, int retry, long previousMillis, double random) {
        return strategy.sleep(retry, Duration.ofMillis(previousMillis), POLICY, random);
    }

    @DisplayName("none retries at once, whatever the retry number and the random number")
    @ParameterizedTest(name = "retry {0}, random {1}")
    @CsvSource({"1, 0.0", "1, 0.99", "6, 0.5", "2147483647, 0.999"})
    void noneNeverSleeps(int retry, double random) {
        assertThat(sleep(ComparisonBackoff.NONE, retry, 0, random)).isZero();
    }

    // B3: the ceiling without its jitter
    @DisplayName(
            "B3 ceiling: exponential without jitter sleeps min(maxBackoff, initialBackoff x multiplier^(n-1)), the random number ignored")
    @ParameterizedTest(name = "retry {0}, random {1}: {2} ms")
    @CsvSource({
        "1, 0.0, 500",
        "1, 0.99, 500",
        "2, 0.3, 1000",
        "5, 0.0, 8000",
        "6, 0.7, 10000",
        "7, 0.0, 10000",
        "2147483647, 0.5, 10000"
    })
    void exponentialIsTheCeiling(int retry, double random, long millis) {
        assertThat(sleep(ComparisonBackoff.EXPONENTIAL, retry, 0, random)).isEqualTo(Duration.ofMillis(millis));
    }

    // B3
    @DisplayName("B3: full is exactly the clients' own full jitter, uniform(0, ceiling)")
    @ParameterizedTest(name = "retry {0}, random {1}")
    @CsvSource({"1, 0.0", "1, 0.5", "2, 0.25", "3, 0.75", "6, 0.1", "60, 0.999"})
    void fullIsTheDefaultBackoff(int retry, double random) {
        assertThat(sleep(ComparisonBackoff.FULL, retry, 0, random))
                .isEqualTo(Backoff.fullJitter(retry, POLICY, random));
    }

    @DisplayName("equal jitter: half the ceiling fixed plus uniform(0, the other half)")
    @ParameterizedTest(name = "retry {0}, random {1}: {2} ms")
    @CsvSource({
        "1, 0.0, 250",
        "1, 0.5, 375",
        "2, 0.0, 500",
        "2, 0.5, 750",
        "6, 0.0, 5000",
        "6, 0.5, 7500",
        "60, 0.0, 5000"
    })
    void equalJitterExactValues(int retry, double random, long millis) {
        assertThat(sleep(ComparisonBackoff.EQUAL, retry, 0, random)).isEqualTo(Duration.ofMillis(millis));
    }

    @Test
    @DisplayName("equal jitter: the largest random number stays just below the ceiling, never on it")
    void equalJitterStaysBelowTheCeiling() {
        Duration sleep = sleep(ComparisonBackoff.EQUAL, 1, 0, Math.nextDown(1.0));

        assertThat(sleep).isLessThan(Duration.ofMillis(500)).isGreaterThan(Duration.ofMillis(499));
    }

    @DisplayName(
            "decorrelated: min(maxBackoff, uniform(initialBackoff, previous x 3)); no previous sleep (or a shorter one) counts as initialBackoff")
    @ParameterizedTest(name = "previous {0} ms, random {1}: {2} ms")
    @CsvSource({
        "0, 0.0, 500", // the first retry starts at the base...
        "0, 0.5, 1000", // ...and ranges up to three times it
        "100, 0.5, 1000", // a previous sleep below the base counts as the base
        "500, 0.5, 1000",
        "2000, 0.0, 500", // the lower end never leaves the base
        "2000, 0.5, 3250", // 500 + 0.5 x (6000 - 500)
        "3000, 0.9, 8150", // 500 + 0.9 x (9000 - 500)
        "4000, 0.99, 10000", // 11 885 ms is capped at maxBackoff
        "300000, 0.0, 500"
    })
    void decorrelatedExactValues(long previousMillis, double random, long millis) {
        assertThat(sleep(ComparisonBackoff.DECORRELATED, 1, previousMillis, random))
                .isEqualTo(Duration.ofMillis(millis));
    }

    @Test
    @DisplayName("decorrelated grows from the previous sleep, not from the retry number, and stops at the cap")
    void decorrelatedGrowsFromThePreviousSleepUpToTheCap() {
        double top = Math.nextDown(1.0);
        Duration previous = NO_PREVIOUS;
        long[] expectedUpperMillis = {1500, 4500, 10_000, 10_000};
        for (int retry = 1; retry <= expectedUpperMillis.length; retry++) {
            Duration next = ComparisonBackoff.DECORRELATED.sleep(retry, previous, POLICY, top);
            assertThat(next.toMillis())
                    .as("retry %d after %s", retry, previous)
                    .isBetween(expectedUpperMillis[retry - 1] - 1, expectedUpperMillis[retry - 1]);
            previous = next;
        }
        // The same previous sleep gives the same range on the first retry and on the fifth.
        assertThat(ComparisonBackoff.DECORRELATED.sleep(5, Duration.ofSeconds(1), POLICY, 0.5))
                .isEqualTo(ComparisonBackoff.DECORRELATED.sleep(1, Duration.ofSeconds(1), POLICY, 0.5));
    }

    @DisplayName("every strategy stays within [0, maxBackoff] (B4: no strategy makes a sleep unbounded)")
    @ParameterizedTest
    @EnumSource(ComparisonBackoff.class)
    void everyStrategyStaysWithinTheCap(ComparisonBackoff strategy) {
        for (int retry = 1; retry <= 40; retry++) {
            for (double random : new double[] {0.0, 0.25, 0.5, 0.75, Math.nextDown(1.0)}) {
                Duration sleep = strategy.sleep(retry, Duration.ofMinutes(retry), POLICY, random);
                assertThat(sleep)
                        .as("%s retry %d random %s", strategy, retry, random)
                        .isBetween(Duration.ZERO, POLICY.maxBackoff());
            }
        }
    }

    @DisplayName(
            "a retry number below 1, a random number outside [0, 1) or a negative previous sleep is a programming error")
    @ParameterizedTest
    @EnumSource(ComparisonBackoff.class)
    void argumentsOutsideTheirRangesAreRefused(ComparisonBackoff strategy) {
        assertThatThrownBy(() -> strategy.sleep(0, NO_PREVIOUS, POLICY, 0.5))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> strategy.sleep(1, NO_PREVIOUS, POLICY, 1.0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> strategy.sleep(1, NO_PREVIOUS, POLICY, -0.1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> strategy.sleep(1, Duration.ofMillis(-1), POLICY, 0.5))
                .isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    @DisplayName("the command-line names are those of the simulation: none, exponential, full, equal, decorrelated")
    void cliNames() {
        assertThat(ComparisonBackoff.values())
                .extracting(ComparisonBackoff::cliName)
                .containsExactly("none", "exponential", "full", "equal", "decorrelated");
    }
}
