package dev.stormwatch.load.options;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.catchThrowableOfType;

import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.retry.PolicyPreset;
import dev.stormwatch.retry.RetryPolicy;
import java.time.Duration;
import java.util.Optional;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The retry policy, retry quota and limit of a load run, as typed on the command line. */
class ClientChoicesTest {

    private static ClientChoices build(UnaryOperator<ClientChoices.Builder> typed) throws InvalidLoadOptionsException {
        return typed.apply(ClientChoices.builder()).build();
    }

    private static String refusal(UnaryOperator<ClientChoices.Builder> typed) {
        InvalidLoadOptionsException refused =
                catchThrowableOfType(InvalidLoadOptionsException.class, () -> build(typed));
        assertThat(refused).as("refused").isNotNull();
        return String.join("\n", refused.problems());
    }

    // RC4
    @Test
    @DisplayName("RC4: untouched, a run uses the batch preset, no retry quota and the limit the run chooses")
    void defaults() throws Exception {
        ClientChoices choices = build(b -> b);

        assertThat(choices).isEqualTo(ClientChoices.defaults());
        assertThat(choices.policy()).isEqualTo(PolicyPreset.BATCH.policy());
        assertThat(choices.retryQuota()).isFalse();
        assertThat(choices.limit()).isEmpty();
    }

    // C1, C3, RC4
    @DisplayName("C1, C3, RC4: each preset by its name, whatever the case")
    @ParameterizedTest(name = "{0}")
    @CsvSource({"batch", "interactive", "default", "conservative", "patient", " Patient "})
    void presetsByName(String name) throws Exception {
        RetryPolicy expected = switch (name.trim().toLowerCase()) {
            case "batch" -> PolicyPreset.BATCH.policy();
            case "interactive" -> PolicyPreset.INTERACTIVE.policy();
            case "default" -> RetryPolicy.DEFAULT;
            case "conservative" -> RetryPolicy.CONSERVATIVE;
            default -> RetryPolicy.PATIENT;
        };

        assertThat(build(b -> b.policy(name)).policy()).isEqualTo(expected);
        assertThat(ClientChoices.presetName(expected)).contains(name.trim().toLowerCase());
    }

    // C2
    @DisplayName("C2: --max-attempts sets both attempt limits of the chosen preset; 1 and 10 are the bounds")
    @ParameterizedTest(name = "{0}")
    @CsvSource({"1", "10"})
    void maxAttemptsOnTheBounds(int attempts) throws Exception {
        RetryPolicy policy = build(b -> b.policy("conservative").maxAttempts(String.valueOf(attempts)))
                .policy();

        assertThat(policy.maxAttemptsPerOrigin()).isEqualTo(attempts);
        assertThat(policy.maxTotalAttempts()).isEqualTo(attempts);
        assertThat(policy.totalBudget()).isEqualTo(RetryPolicy.CONSERVATIVE.totalBudget());
    }

    // C2
    @DisplayName("C2: attempts just outside the bounds are refused with the option, the rule and no clamping")
    @ParameterizedTest(name = "{0}")
    @CsvSource({
        "0, maxAttemptsPerOrigin must be at least 1, was 0",
        "11, maxAttemptsPerOrigin must be at most 10, was 11",
        "-3, maxAttemptsPerOrigin must be at least 1, was -3"
    })
    void maxAttemptsOutsideTheBounds(String attempts, String rule) {
        assertThat(refusal(b -> b.maxAttempts(attempts)))
                .contains("--max-attempts " + attempts + " is refused", rule, "nothing was clamped (C2)");
    }

    // C2
    @Test
    @DisplayName("C2: a budget of exactly 10 minutes is allowed, one millisecond more is refused")
    void budgetOnTheBound() throws Exception {
        assertThat(build(b -> b.budget("10m")).policy().totalBudget()).isEqualTo(Duration.ofMinutes(10));
        assertThat(refusal(b -> b.budget("600001ms")))
                .contains("--budget 600001ms is refused", "totalBudget must be at most", "(C2)");
        assertThat(refusal(b -> b.budget("0"))).contains("--budget 0 is refused", "totalBudget must be positive");
    }

    @Test
    @DisplayName("nonsense text is refused with what the option should look like, every problem at once")
    void nonsenseIsListedAllAtOnce() {
        String problems = refusal(b -> b.policy("eager")
                .maxAttempts("three")
                .budget("soon")
                .retryQuota("maybe")
                .limit("100"));

        assertThat(problems)
                .contains(
                        "unknown --policy 'eager'; known: batch, interactive, default, conservative, patient",
                        "--max-attempts must be a whole number of attempts, was 'three'",
                        "--budget 'soon' is not a duration: write 90 (seconds), 90s, 1500ms, 2m, 1h or ISO-8601 such as PT1M30S",
                        "--retry-quota must be 'on' or 'off', was 'maybe'",
                        "--limit must look like 100/1s (requests per window), was '100'");
    }

    @DisplayName("--limit reads requests per window; a bare unit is one of it")
    @ParameterizedTest(name = "{0}")
    @CsvSource({"100/1s, 100, 1000", "100/s, 100, 1000", "30 / 1m, 30, 60000", "5/250ms, 5, 250"})
    void limits(String text, int requests, long windowMillis) throws Exception {
        assertThat(build(b -> b.limit(text)).limit()).contains(LimitSpec.of(requests, Duration.ofMillis(windowMillis)));
    }

    // L6
    @Test
    @DisplayName("L6: a limit the limiters cannot hold exactly is refused, not rounded")
    void impossibleLimitsAreRefused() {
        assertThat(refusal(b -> b.limit("0/1s"))).contains("--limit 0/1s is refused: limit must be at least 1");
        assertThat(refusal(b -> b.limit("200000/1s"))).contains("--limit 200000/1s is refused", "at most 100000");
        assertThat(refusal(b -> b.limit("5/25h"))).contains("window must be at most 24 h");
    }

    @Test
    @DisplayName("--retry-quota on and off")
    void retryQuota() throws Exception {
        assertThat(build(b -> b.retryQuota("on")).retryQuota()).isTrue();
        assertThat(build(b -> b.retryQuota("OFF")).retryQuota()).isFalse();
    }

    @Test
    @DisplayName("the description names the preset and its values, and calls a changed preset custom")
    void describesThePolicy() throws Exception {
        assertThat(ClientChoices.describe(PolicyPreset.BATCH.policy()))
                .isEqualTo(
                        "policy batch (4 attempt(s) per origin, 4 in all, backoff 250 ms x2.0 up to 8000 ms, budget 60 s)");
        assertThat(ClientChoices.describe(
                        build(b -> b.maxAttempts("1").budget("1500ms")).policy()))
                .isEqualTo(
                        "policy custom (1 attempt(s) per origin, 1 in all, backoff 250 ms x2.0 up to 8000 ms, budget 1500 ms)");
        assertThat(ClientChoices.presetName(
                        RetryPolicy.builder().maxTotalAttempts(5).build()))
                .isEqualTo(Optional.empty());
    }
}
