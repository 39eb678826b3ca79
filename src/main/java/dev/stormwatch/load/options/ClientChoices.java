package dev.stormwatch.load.options;

import dev.stormwatch.base.DurationText;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.limit.LimiterConfigurationException;
import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.PolicyPreset;
import dev.stormwatch.retry.RetryPolicy;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.function.UnaryOperator;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * How the virtual clients of a load run retry and are limited: the retry policy (a preset, RC4 / C1 / C3,
 * with its attempts and budget changed if asked; validated by {@link RetryPolicy}, C2), the optional retry quota (issue
 * 5) and the limiter's limit. Valid by construction: {@link Builder#build()} refuses a bad value with a message that
 * names the option and the rule, and never clamps it.
 *
 * @param policy the retry policy of every virtual client
 * @param retryQuota whether each client instance has the AWS-style retry quota
 * @param limit the limiter's limit; empty: the relay's quota, else the run's rate, else 100 per second
 */
public record ClientChoices(RetryPolicy policy, boolean retryQuota, Optional<LimitSpec> limit) {

    public ClientChoices {
        Objects.requireNonNull(policy, "policy");
        Objects.requireNonNull(limit, "limit");
    }

    /** The policy a load run uses unless told otherwise: RC4's batch preset, which honours a Retry-After in full. */
    public static final String DEFAULT_POLICY = "batch"; // PolicyPreset.BATCH (a constant: option defaults need one)

    /** The presets by command-line name, in the order the help lists them. */
    private static final Map<String, RetryPolicy> PRESETS = presets();

    /** {@code 100/1s}, {@code 30/1m}, {@code 100/s}: requests per window. */
    private static final Pattern REQUESTS_PER_WINDOW = Pattern.compile("(\\d{1,9})\\s*/\\s*(\\S+)");

    /** The batch policy, no retry quota, the limit chosen by the run. */
    public static ClientChoices defaults() {
        return new ClientChoices(PRESETS.get(DEFAULT_POLICY), false, Optional.empty());
    }

    /** A builder that starts from {@link #defaults()}. */
    public static Builder builder() {
        return new Builder();
    }

    /** The preset names: {@code batch, interactive, default, conservative, patient}. */
    public static String policyNames() {
        return String.join(", ", PRESETS.keySet());
    }

    /** The name of the preset equal to this policy, if it is one. */
    public static Optional<String> presetName(RetryPolicy policy) {
        return PRESETS.entrySet().stream()
                .filter(e -> e.getValue().equals(policy))
                .map(Map.Entry::getKey)
                .findFirst();
    }

    /**
     * One line for the run's description: {@code policy batch (4 attempts per origin, 4 in all, backoff 250 ms x2.0 up
     * to 8000 ms, budget 60 s)}; a changed preset is called {@code custom}.
     */
    public static String describe(RetryPolicy policy) {
        return String.format(
                Locale.ROOT,
                "policy %s (%d attempt(s) per origin, %d in all, backoff %d ms x%s up to %d ms, budget %s)",
                presetName(policy).orElse("custom"),
                policy.maxAttemptsPerOrigin(),
                policy.maxTotalAttempts(),
                policy.initialBackoff().toMillis(),
                policy.multiplier(),
                policy.maxBackoff().toMillis(),
                seconds(policy.totalBudget()));
    }

    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }

    private static Map<String, RetryPolicy> presets() {
        Map<String, RetryPolicy> presets = new LinkedHashMap<>();
        for (PolicyPreset preset : PolicyPreset.values()) {
            presets.put(preset.cliName(), preset.policy()); // the catalogue's order: batch (RC4's) first
        }
        return Collections.unmodifiableMap(presets);
    }

    /** Collects the choices as typed on the command line, and checks them all in {@link #build()}. */
    public static final class Builder {

        private final List<String> problems = new ArrayList<>();
        private RetryPolicy policy = PRESETS.get(DEFAULT_POLICY);
        private Integer maxAttempts;
        private String budget;
        private boolean retryQuota;
        private LimitSpec limit;

        private Builder() {}

        /** A preset by name: {@code batch} (the default), {@code interactive}, {@code default}, {@code conservative}, {@code patient}. */
        public Builder policy(String name) {
            RetryPolicy preset = PRESETS.get(name.trim().toLowerCase(Locale.ROOT));
            if (preset == null) {
                problems.add("unknown --policy '" + name + "'; known: " + policyNames());
                return this;
            }
            policy = preset;
            return this;
        }

        /** The attempts of one call, per origin and in all (the run has one origin); checked against C2 in build. */
        public Builder maxAttempts(String text) {
            try {
                maxAttempts = Integer.valueOf(text.trim());
            } catch (NumberFormatException e) {
                problems.add("--max-attempts must be a whole number of attempts, was '" + text + "'");
            }
            return this;
        }

        /** The time budget of one call ({@code 20s}, {@code 2m}); checked against C2 in build. */
        public Builder budget(String text) {
            budget = text;
            return this;
        }

        /** {@code on} or {@code off}. */
        public Builder retryQuota(String text) {
            switch (text.trim().toLowerCase(Locale.ROOT)) {
                case "on" -> retryQuota = true;
                case "off" -> retryQuota = false;
                default -> problems.add("--retry-quota must be 'on' or 'off', was '" + text + "'");
            }
            return this;
        }

        /** Requests per window, as {@code N/D}: {@code 100/1s}, {@code 30/1m}, {@code 100/s}. */
        public Builder limit(String text) {
            Matcher matcher = REQUESTS_PER_WINDOW.matcher(text.trim());
            Optional<Duration> window = Optional.empty();
            if (matcher.matches()) {
                String unitOrDuration = matcher.group(2);
                // "100/s" reads as one second, as people write rates.
                try {
                    window = Optional.of(DurationText.parse(
                            unitOrDuration.matches("ms|s|m|h") ? "1" + unitOrDuration : unitOrDuration));
                } catch (DurationText.TooLong e) {
                    problems.add("--limit " + text.trim() + ": the window " + e.getMessage());
                    return this;
                } catch (DurationText.Invalid e) {
                    // said below, with the form of the whole option
                }
            }
            if (window.isEmpty()) {
                problems.add("--limit must look like 100/1s (requests per window), was '" + text + "'");
                return this;
            }
            try {
                limit = LimitSpec.of(Integer.parseInt(matcher.group(1)), window.get());
            } catch (LimiterConfigurationException e) {
                // L6: a limit the limiters cannot hold exactly is refused, not rounded.
                problems.add("--limit " + text.trim() + " is refused: " + e.getMessage());
            }
            return this;
        }

        /**
         * The choices, or every problem found.
         *
         * @throws InvalidLoadOptionsException naming each option that was refused and the rule it broke
         */
        public ClientChoices build() throws InvalidLoadOptionsException {
            List<String> found = new ArrayList<>(problems);
            RetryPolicy chosen = policy;
            if (maxAttempts != null) {
                // C2: refused with its reason, never clamped to the nearest allowed value.
                chosen = tryChange(
                        chosen,
                        found,
                        "--max-attempts " + maxAttempts,
                        p -> p.toBuilder()
                                .maxAttemptsPerOrigin(maxAttempts)
                                .maxTotalAttempts(maxAttempts)
                                .build());
            }
            if (budget != null) {
                try {
                    Duration total = DurationText.parse(budget);
                    chosen = tryChange(
                            chosen,
                            found,
                            "--budget " + budget.trim(),
                            p -> p.toBuilder().totalBudget(total).build());
                } catch (DurationText.Invalid e) {
                    found.add("--budget " + e.getMessage());
                }
            }
            if (!found.isEmpty()) {
                throw new InvalidLoadOptionsException(found);
            }
            return new ClientChoices(chosen, retryQuota, Optional.ofNullable(limit));
        }

        private static RetryPolicy tryChange(
                RetryPolicy policy, List<String> found, String option, UnaryOperator<RetryPolicy> change) {
            try {
                return change.apply(policy);
            } catch (CallFailure.Configuration refused) {
                found.add(option + " is refused: " + refused.getMessage());
                return policy;
            }
        }
    }
}
