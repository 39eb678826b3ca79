package dev.stormwatch.app.session;

import dev.stormwatch.retry.RetryPolicy;
import java.util.Optional;

/** The retry policies offered in the settings (spec C1, C3), and "custom" for edited values. */
public enum PolicyPreset {
    DEFAULT("Default (3 per origin, 4 in all, 20 s)", RetryPolicy.DEFAULT),
    CONSERVATIVE("Conservative (2, 2, 5 s)", RetryPolicy.CONSERVATIVE),
    PATIENT("Patient (5, 8, 60 s)", RetryPolicy.PATIENT),
    CUSTOM("Custom", null);

    private final String label;
    private final RetryPolicy policy;

    PolicyPreset(String label, RetryPolicy policy) {
        this.label = label;
        this.policy = policy;
    }

    public Optional<RetryPolicy> policy() {
        return Optional.ofNullable(policy);
    }

    @Override
    public String toString() {
        return label;
    }
}
