package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.app.session.PolicyChoice;
import dev.stormwatch.load.options.ClientChoices;
import java.time.Duration;
import java.util.Arrays;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** One catalogue of named retry policies, offered by the same names and numbers everywhere (RC4, C1, C3). */
class PolicyPresetTest {

    @Test
    @DisplayName("RC4, C1, C3: the catalogue holds each rule's policies with the numbers the spec gives")
    void theCatalogueHoldsTheSpecsPolicies() {
        assertThat(PolicyPreset.BATCH.policy().maxTotalAttempts()).isEqualTo(4);
        assertThat(PolicyPreset.BATCH.policy().maxBackoff()).isEqualTo(Duration.ofSeconds(8));
        assertThat(PolicyPreset.BATCH.policy().totalBudget()).isEqualTo(Duration.ofSeconds(60));
        assertThat(PolicyPreset.INTERACTIVE.policy().totalBudget()).isEqualTo(Duration.ofSeconds(2));
        assertThat(PolicyPreset.DEFAULT.policy()).isEqualTo(RetryPolicy.DEFAULT);
        assertThat(PolicyPreset.CONSERVATIVE.policy()).isEqualTo(RetryPolicy.CONSERVATIVE);
        assertThat(PolicyPreset.PATIENT.policy()).isEqualTo(RetryPolicy.PATIENT);
        assertThat(Arrays.stream(PolicyPreset.values()).map(PolicyPreset::rule))
                .containsExactly("RC4", "RC4", "C1", "C3", "C3");
    }

    @Test
    @DisplayName("the command line's names find their preset in any case, and a policy finds its name")
    void namesAndPoliciesFindTheirPreset() {
        assertThat(PolicyPreset.byCliName(" Patient ")).contains(PolicyPreset.PATIENT);
        assertThat(PolicyPreset.byCliName("brisk")).isEmpty();
        assertThat(PolicyPreset.of(RetryPolicy.CONSERVATIVE)).contains(PolicyPreset.CONSERVATIVE);
        assertThat(PolicyPreset.of(
                        RetryPolicy.builder().totalBudget(Duration.ofSeconds(7)).build()))
                .isEmpty();
    }

    @Test
    @DisplayName("load --policy, call --preset and the app's settings offer the catalogue's names and numbers")
    void everyFrontEndOffersTheCatalogue() {
        assertThat(ClientChoices.policyNames()).isEqualTo("batch, interactive, default, conservative, patient");
        assertThat(ClientChoices.DEFAULT_POLICY).isEqualTo(PolicyPreset.BATCH.cliName());
        assertThat(ClientChoices.presetName(PolicyPreset.PATIENT.policy())).contains("patient");
        assertThat(PolicyChoice.DEFAULT).hasToString("Default (3 per origin, 4 in all, 20 s)");
        assertThat(PolicyChoice.PATIENT.policy()).contains(RetryPolicy.PATIENT);
        assertThat(PolicyChoice.CUSTOM.policy()).isEmpty();
    }
}
