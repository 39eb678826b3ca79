package dev.stormwatch.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.PolicyPreset;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/** {@code --retry-policy}: a preset of the catalogue by its name, or a refusal that lists them (PF10). */
class RetryPolicyOptionEdgesTest {

    private final CommandLine command = new CommandLine(new CallCommand(name -> null));

    @Test
    @DisplayName("PF10: the option absent gives no policy; a preset's name gives that preset's policy")
    void aPresetsNameGivesItsPolicy() {
        assertThat(RetryPolicyOption.read(null, command)).isEmpty();
        assertThat(RetryPolicyOption.read("patient", command)).hasValue(PolicyPreset.PATIENT.policy());
    }

    @Test
    @DisplayName("PF10: a name that is no preset is refused naming the option and every preset")
    void anUnknownNameListsThePresets() {
        assertThatThrownBy(() -> RetryPolicyOption.read("reckless", command))
                .isInstanceOf(CommandLine.ParameterException.class)
                .hasMessage("--retry-policy 'reckless' is not a retry policy: use one of "
                        + String.join(
                                ", ",
                                java.util.Arrays.stream(PolicyPreset.values())
                                        .map(PolicyPreset::cliName)
                                        .toList())
                        + " (PF10)");
    }
}
