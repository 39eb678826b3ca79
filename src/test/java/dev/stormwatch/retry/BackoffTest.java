package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class BackoffTest {

    // B3
    @DisplayName("B3: the ceiling before retry n is min(maxBackoff, initialBackoff x multiplier^(n-1))")
    @ParameterizedTest(name = "retry {0}: ceiling {1} ms")
    @CsvSource({
        "1, 500",
        "2, 1000",
        "3, 2000",
        "4, 4000",
        "5, 8000",
        "6, 10000",
        "7, 10000",
        "60, 10000",
        "2147483647, 10000"
    })
    void ceilingGrowsThenCaps(int retry, long millis) {
        assertThat(Backoff.ceiling(retry, RetryPolicy.DEFAULT)).isEqualTo(Duration.ofMillis(millis));
    }

    // B3
    @DisplayName("B3: full jitter is uniform(0, ceiling): exact values for given random numbers")
    @ParameterizedTest(name = "retry {0}, random {1}: {2} ms")
    @CsvSource({
        "1, 0.0, 0",
        "1, 0.5, 250",
        "1, 0.25, 125",
        "2, 0.5, 500",
        "3, 0.75, 1500",
        "6, 0.5, 5000",
        "6, 0.1, 1000"
    })
    void fullJitterExactValues(int retry, double random, long millis) {
        assertThat(Backoff.fullJitter(retry, RetryPolicy.DEFAULT, random)).isEqualTo(Duration.ofMillis(millis));
    }

    // B3
    @Test
    @DisplayName("B3: the largest random number stays below the ceiling")
    void justBelowOneStaysBelowTheCeiling() {
        Duration sleep = Backoff.fullJitter(1, RetryPolicy.DEFAULT, Math.nextDown(1.0));

        assertThat(sleep).isLessThan(Duration.ofMillis(500)).isGreaterThan(Duration.ofMillis(499));
    }

    // B3, C3
    @Test
    @DisplayName("B3: the multiplier of the policy applies (CONSERVATIVE: 250 ms doubling to 2 s)")
    void conservativeSequence() {
        assertThat(Backoff.ceiling(1, RetryPolicy.CONSERVATIVE)).isEqualTo(Duration.ofMillis(250));
        assertThat(Backoff.ceiling(4, RetryPolicy.CONSERVATIVE)).isEqualTo(Duration.ofSeconds(2));
        assertThat(Backoff.ceiling(5, RetryPolicy.CONSERVATIVE)).isEqualTo(Duration.ofSeconds(2));
        RetryPolicy slow = RetryPolicy.builder().multiplier(1.5).build();
        assertThat(Backoff.ceiling(3, slow)).isEqualTo(Duration.ofMillis(1125));
    }

    // B4
    @Test
    @DisplayName("B4: jitter cannot be switched off: with multiplier 1.0 the sleep still follows the random number")
    void jitterAlwaysApplies() {
        RetryPolicy flat = RetryPolicy.builder()
                .multiplier(1.0)
                .maxBackoff(Duration.ofMillis(500))
                .build();

        assertThat(Backoff.fullJitter(9, flat, 0.2)).isEqualTo(Duration.ofMillis(100));
        assertThat(Backoff.fullJitter(9, flat, 0.8)).isEqualTo(Duration.ofMillis(400));
    }

    @Test
    void randomOutsideTheUnitIntervalIsAProgrammingError() {
        assertThatThrownBy(() -> Backoff.fullJitter(1, RetryPolicy.DEFAULT, 1.0))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Backoff.fullJitter(1, RetryPolicy.DEFAULT, -0.1))
                .isInstanceOf(IllegalArgumentException.class);
        assertThatThrownBy(() -> Backoff.fullJitter(0, RetryPolicy.DEFAULT, 0.5))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
