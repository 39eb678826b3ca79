package dev.stormwatch.app.session;

import dev.stormwatch.retry.PolicyPreset;
import dev.stormwatch.retry.RetryPolicy;
import java.util.Optional;

/**
 * The retry policy chosen in the settings: one of the catalogue's presets for the OAuth client (spec C1, C3), or
 * "custom" once a value was edited. Labels come from the catalogue's numbers, never typed twice.
 */
public enum PolicyChoice {
    DEFAULT(PolicyPreset.DEFAULT),
    CONSERVATIVE(PolicyPreset.CONSERVATIVE),
    PATIENT(PolicyPreset.PATIENT),
    CUSTOM(null);

    private final PolicyPreset preset;

    PolicyChoice(PolicyPreset preset) {
        this.preset = preset;
    }

    /** The preset's policy; empty for {@link #CUSTOM}. */
    public Optional<RetryPolicy> policy() {
        return Optional.ofNullable(preset).map(PolicyPreset::policy);
    }

    /** {@code Default (3 per origin, 4 in all, 20 s)}, or {@code Custom}. */
    @Override
    public String toString() {
        return preset == null ? "Custom" : preset.title() + " (" + preset.summary() + ")";
    }
}
