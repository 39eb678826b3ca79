package dev.stormwatch.cli;

import dev.stormwatch.retry.PolicyPreset;
import dev.stormwatch.retry.RetryPolicy;
import java.util.Arrays;
import java.util.Optional;
import java.util.stream.Collectors;
import picocli.CommandLine;

/** The {@code --retry-policy} option of {@code session} and {@code profile save}: a preset of the catalogue (PF10). */
final class RetryPolicyOption {

    private RetryPolicyOption() {}

    /**
     * The preset's policy, or empty when the option was not given.
     *
     * @throws CommandLine.ParameterException naming the option and the presets when the name is none of them
     */
    static Optional<RetryPolicy> read(String name, CommandLine command) {
        if (name == null) {
            return Optional.empty();
        }
        return Optional.of(PolicyPreset.byCliName(name)
                .map(PolicyPreset::policy)
                .orElseThrow(() -> new CommandLine.ParameterException(
                        command,
                        "--retry-policy '" + name + "' is not a retry policy: use one of "
                                + Arrays.stream(PolicyPreset.values())
                                        .map(PolicyPreset::cliName)
                                        .collect(Collectors.joining(", "))
                                + " (PF10)")));
    }
}
