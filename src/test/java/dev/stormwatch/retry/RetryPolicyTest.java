package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatCode;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

class RetryPolicyTest {

    // C1, B1
    @Test
    @DisplayName("C1, B1: defaults are 3 per origin, 4 in all, 500 ms, x2.0, 10 s cap, 20 s budget")
    void defaults() {
        RetryPolicy policy = RetryPolicy.builder().build();

        assertThat(policy).isEqualTo(RetryPolicy.DEFAULT);
        assertThat(policy.maxAttemptsPerOrigin()).isEqualTo(3);
        assertThat(policy.maxTotalAttempts()).isEqualTo(4);
        assertThat(policy.initialBackoff()).isEqualTo(Duration.ofMillis(500));
        assertThat(policy.multiplier()).isEqualTo(2.0);
        assertThat(policy.maxBackoff()).isEqualTo(Duration.ofSeconds(10));
        assertThat(policy.totalBudget()).isEqualTo(Duration.ofSeconds(20));
    }

    // C3
    @Test
    @DisplayName("C3: CONSERVATIVE is 2 per origin, 2 in all, 250 ms first delay, 2 s cap, 5 s budget")
    void conservativePreset() {
        assertThat(RetryPolicy.CONSERVATIVE)
                .isEqualTo(new RetryPolicy(
                        2, 2, Duration.ofMillis(250), 2.0, Duration.ofSeconds(2), Duration.ofSeconds(5)));
    }

    // C3
    @Test
    @DisplayName("C3: PATIENT is 5 per origin, 8 in all, 30 s cap, 60 s budget")
    void patientPreset() {
        assertThat(RetryPolicy.PATIENT.maxAttemptsPerOrigin()).isEqualTo(5);
        assertThat(RetryPolicy.PATIENT.maxTotalAttempts()).isEqualTo(8);
        assertThat(RetryPolicy.PATIENT.maxBackoff()).isEqualTo(Duration.ofSeconds(30));
        assertThat(RetryPolicy.PATIENT.totalBudget()).isEqualTo(Duration.ofSeconds(60));
    }

    // C2
    @DisplayName("C2: values on the limits are accepted")
    @ParameterizedTest(name = "{0}")
    @MethodSource
    void valuesOnTheLimitsAreAccepted(String what, UnaryOperator<RetryPolicy.Builder> change) {
        assertThatCode(() -> change.apply(RetryPolicy.builder()).build()).doesNotThrowAnyException();
    }

    static Stream<Arguments> valuesOnTheLimitsAreAccepted() {
        return Stream.of(
                Arguments.of(
                        "1 attempt per origin and in all",
                        op(b -> b.maxAttemptsPerOrigin(1).maxTotalAttempts(1))),
                Arguments.of(
                        "10 per origin, 20 in all",
                        op(b -> b.maxAttemptsPerOrigin(10).maxTotalAttempts(20))),
                Arguments.of(
                        "per origin equal to the total",
                        op(b -> b.maxAttemptsPerOrigin(4).maxTotalAttempts(4))),
                Arguments.of("multiplier 1.0", op(b -> b.multiplier(1.0))),
                Arguments.of("maxBackoff 5 min", op(b -> b.maxBackoff(Duration.ofMinutes(5)))),
                Arguments.of(
                        "maxBackoff equal to initialBackoff",
                        op(b -> b.initialBackoff(Duration.ofSeconds(1)).maxBackoff(Duration.ofSeconds(1)))),
                Arguments.of("totalBudget 10 min", op(b -> b.totalBudget(Duration.ofMinutes(10)))),
                Arguments.of("1 ns initial backoff", op(b -> b.initialBackoff(Duration.ofNanos(1)))));
    }

    // C2
    @DisplayName("C2: values outside the limits are refused with a Configuration error, never clamped")
    @ParameterizedTest(name = "{0}")
    @MethodSource
    void valuesOutsideTheLimitsAreRefused(String what, UnaryOperator<RetryPolicy.Builder> change, String named) {
        assertThatThrownBy(() -> change.apply(RetryPolicy.builder()).build())
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining(named)
                .hasMessageContaining("Change that setting");
    }

    static Stream<Arguments> valuesOutsideTheLimitsAreRefused() {
        return Stream.of(
                Arguments.of("0 attempts per origin", op(b -> b.maxAttemptsPerOrigin(0)), "maxAttemptsPerOrigin"),
                Arguments.of("0 attempts in all", op(b -> b.maxTotalAttempts(0)), "maxTotalAttempts"),
                Arguments.of("negative attempts", op(b -> b.maxAttemptsPerOrigin(-1)), "maxAttemptsPerOrigin"),
                Arguments.of("11 per origin", op(b -> b.maxAttemptsPerOrigin(11).maxTotalAttempts(20)), "at most 10"),
                Arguments.of("21 in all", op(b -> b.maxTotalAttempts(21)), "at most 20"),
                Arguments.of(
                        "per origin above total",
                        op(b -> b.maxAttemptsPerOrigin(4).maxTotalAttempts(3)),
                        "must not exceed maxTotalAttempts"),
                Arguments.of("multiplier just below 1.0", op(b -> b.multiplier(0.999)), "multiplier"),
                Arguments.of("multiplier NaN", op(b -> b.multiplier(Double.NaN)), "multiplier"),
                Arguments.of("multiplier infinite", op(b -> b.multiplier(Double.POSITIVE_INFINITY)), "multiplier"),
                Arguments.of(
                        "maxBackoff 5 min + 1 ms",
                        op(b -> b.maxBackoff(Duration.ofMinutes(5).plusMillis(1))),
                        "maxBackoff"),
                Arguments.of(
                        "totalBudget 10 min + 1 ms",
                        op(b -> b.totalBudget(Duration.ofMinutes(10).plusMillis(1))),
                        "totalBudget"),
                Arguments.of(
                        "zero initial backoff (B4: jitter cannot be switched off)",
                        op(b -> b.initialBackoff(Duration.ZERO)),
                        "initialBackoff"),
                Arguments.of("negative total budget", op(b -> b.totalBudget(Duration.ofSeconds(-1))), "totalBudget"),
                Arguments.of("missing maxBackoff", op(b -> b.maxBackoff(null)), "maxBackoff is missing"),
                Arguments.of(
                        "maxBackoff below initialBackoff",
                        op(b -> b.initialBackoff(Duration.ofSeconds(2)).maxBackoff(Duration.ofSeconds(1))),
                        "must not be below initialBackoff"));
    }

    // C2
    @Test
    @DisplayName("C2: the record's constructor validates too, so no invalid policy exists")
    void constructorValidates() {
        assertThatThrownBy(() -> new RetryPolicy(
                        0, 4, Duration.ofMillis(500), 2.0, Duration.ofSeconds(10), Duration.ofSeconds(20)))
                .isInstanceOf(CallFailure.Configuration.class);
    }

    @Test
    void toBuilderChangesOnlyWhatIsSet() {
        RetryPolicy policy = RetryPolicy.PATIENT.toBuilder()
                .totalBudget(Duration.ofSeconds(90))
                .build();

        assertThat(policy.maxTotalAttempts()).isEqualTo(8);
        assertThat(policy.totalBudget()).isEqualTo(Duration.ofSeconds(90));
    }

    private static UnaryOperator<RetryPolicy.Builder> op(UnaryOperator<RetryPolicy.Builder> change) {
        return change;
    }
}
