package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.retry.RetryPolicy;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class SettingsViewModelTest {

    private final SettingsViewModel settings = new SettingsViewModel();

    {
        settings.issuerProperty().set("http://127.0.0.1:8080");
    }

    // C1
    @Test
    void defaultsBuildTheDefaultPolicyForTheDemoClient() {
        OAuthConfig config = settings.toConfig().orElseThrow();

        assertThat(config.retryPolicy()).isEqualTo(RetryPolicy.DEFAULT);
        assertThat(config.clientId()).isEqualTo("stormwatch-desktop");
        assertThat(config.scope()).isEqualTo("openid profile email offline_access");
    }

    // C3
    @Test
    void choosingAPresetFillsItsValues() {
        settings.presetProperty().set(PolicyPreset.PATIENT);

        assertThat(settings.toConfig().orElseThrow().retryPolicy()).isEqualTo(RetryPolicy.PATIENT);
        assertThat(settings.maxTotalAttemptsProperty().get()).isEqualTo("8");
    }

    @Test
    void editingAValueMakesThePolicyCustom() {
        settings.maxAttemptsPerOriginProperty().set("2");

        assertThat(settings.presetProperty().get()).isEqualTo(PolicyPreset.CUSTOM);
        assertThat(settings.toConfig().orElseThrow().retryPolicy().maxAttemptsPerOrigin()).isEqualTo(2);
    }

    // C2: refused, never clamped; the reason sits next to the field that was refused.
    @Test
    void attemptsAboveTheMaximumAreRefusedNextToTheirField() {
        settings.maxAttemptsPerOriginProperty().set("11");
        settings.maxTotalAttemptsProperty().set("20");

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.policyErrorProperty("maxAttemptsPerOrigin").get()).contains("at most 10", "11");
        assertThat(settings.policyErrorProperty("maxTotalAttempts").get()).isEmpty();
    }

    // C2: one below the maximum total is accepted, on it is accepted, one above is refused.
    @Test
    void totalAttemptsBoundaryIsTwenty() {
        settings.maxTotalAttemptsProperty().set("20");
        assertThat(settings.toConfig()).isPresent();

        settings.maxTotalAttemptsProperty().set("21");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.policyErrorProperty("maxTotalAttempts").get()).contains("at most 20");
    }

    // C2
    @Test
    void perOriginAboveTotalIsRefused() {
        settings.maxAttemptsPerOriginProperty().set("5");
        settings.maxTotalAttemptsProperty().set("4");

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.policyErrorProperty("maxAttemptsPerOrigin").get()).contains("must not exceed");
    }

    @Test
    void textWhereANumberIsDueSaysWhatIsExpected() {
        settings.multiplierProperty().set("twice");

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.policyErrorProperty("multiplier").get()).isEqualTo("'twice' is not a number such as 2.0.");
    }

    // E1 Configuration: raised when the settings are made.
    @Test
    void plainHttpIssuerOffLoopbackIsRefusedWithTheRule() {
        settings.issuerProperty().set("http://login.example.com");

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.issuerErrorProperty().get()).contains("https");
    }

    @Test
    void missingClientIdIsRefused() {
        settings.clientIdProperty().set("  ");

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.clientIdErrorProperty().get()).contains("client id");
    }

    @Test
    void scopeWithoutOpenIdIsRefused() {
        settings.scopeProperty().set("profile email");

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.scopeErrorProperty().get()).contains("openid");
    }

    @Test
    void aCorrectedFieldLosesItsReason() {
        settings.multiplierProperty().set("0.5");
        assertThat(settings.toConfig()).isEmpty();

        settings.multiplierProperty().set("1.5");

        assertThat(settings.toConfig()).map(c -> c.retryPolicy().multiplier()).isEqualTo(Optional.of(1.5));
        assertThat(settings.policyErrorProperty("multiplier").get()).isEmpty();
    }
}
