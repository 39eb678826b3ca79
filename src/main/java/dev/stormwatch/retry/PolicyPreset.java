package dev.stormwatch.retry;

import java.time.Duration;
import java.util.Locale;
import java.util.Optional;

/**
 * The one catalogue of named retry policies: RC4's interactive and batch policies, C1's default and C3's conservative
 * and patient ones. The command line ({@code call --preset}, {@code load --policy}), the load engine and the app's
 * settings all offer these, by the same names and with the same numbers.
 */
public enum PolicyPreset {

    /**
     * RC4: background work: the article's 4 attempts, 250 ms doubling up to its 8 s cap, and 60 s in all so that a
     * provider's Retry-After can be honoured in full (RA3, RA8: the cap never shortens a Retry-After).
     */
    BATCH(
            "batch",
            "Batch",
            "RC4",
            new RetryPolicy(4, 4, Duration.ofMillis(250), 2.0, Duration.ofSeconds(8), Duration.ofSeconds(60))),

    /** RC4: a person waits: 2 attempts, 250 ms doubling up to 1 s, 2 s in all. */
    INTERACTIVE(
            "interactive",
            "Interactive",
            "RC4",
            new RetryPolicy(2, 2, Duration.ofMillis(250), 2.0, Duration.ofSeconds(1), Duration.ofSeconds(2))),

    /** C1 and B1: 3 per origin, 4 in all, 500 ms doubling up to 10 s, 20 s in all. */
    DEFAULT("default", "Default", "C1", RetryPolicy.DEFAULT),

    /** C3: for interactive work that must answer fast: 2 per origin, 2 in all, 250 ms up to 2 s, 5 s in all. */
    CONSERVATIVE("conservative", "Conservative", "C3", RetryPolicy.CONSERVATIVE),

    /** C3: for background work that can wait: 5 per origin, 8 in all, up to 30 s apart, 60 s in all. */
    PATIENT("patient", "Patient", "C3", RetryPolicy.PATIENT);

    private final String cliName;
    private final String title;
    private final String rule;
    private final RetryPolicy policy;

    PolicyPreset(String cliName, String title, String rule, RetryPolicy policy) {
        this.cliName = cliName;
        this.title = title;
        this.rule = rule;
        this.policy = policy;
    }

    /** The name on the command line and in reports: {@code batch}, {@code interactive}, {@code default}, ... */
    public String cliName() {
        return cliName;
    }

    /** The name in a window: {@code Batch}, {@code Interactive}, ... */
    public String title() {
        return title;
    }

    /** The spec rule that defines it (RC4, C1, C3). */
    public String rule() {
        return rule;
    }

    /** Its retry policy. */
    public RetryPolicy policy() {
        return policy;
    }

    /** Its numbers in a few words, computed from the policy: {@code 3 per origin, 4 in all, 20 s}. */
    public String summary() {
        return policy.maxAttemptsPerOrigin() + " per origin, " + policy.maxTotalAttempts() + " in all, "
                + seconds(policy.totalBudget());
    }

    /** The preset with this command-line name (any case, surrounding spaces ignored). */
    public static Optional<PolicyPreset> byCliName(String name) {
        String wanted = name.strip().toLowerCase(Locale.ROOT);
        for (PolicyPreset preset : values()) {
            if (preset.cliName.equals(wanted)) {
                return Optional.of(preset);
            }
        }
        return Optional.empty();
    }

    /** The preset whose policy equals {@code policy}, if it is one (the first in catalogue order). */
    public static Optional<PolicyPreset> of(RetryPolicy policy) {
        for (PolicyPreset preset : values()) {
            if (preset.policy.equals(policy)) {
                return Optional.of(preset);
            }
        }
        return Optional.empty();
    }

    private static String seconds(Duration duration) {
        return duration.toMillis() % 1000 == 0 ? duration.toSeconds() + " s" : duration.toMillis() + " ms";
    }
}
