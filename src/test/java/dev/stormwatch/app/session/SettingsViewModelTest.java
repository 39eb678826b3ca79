package dev.stormwatch.app.session;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.oauth.OAuthConfig;
import dev.stormwatch.retry.RetryPolicy;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
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
        settings.presetProperty().set(PolicyChoice.PATIENT);

        assertThat(settings.toConfig().orElseThrow().retryPolicy()).isEqualTo(RetryPolicy.PATIENT);
        assertThat(settings.maxTotalAttemptsProperty().get()).isEqualTo("8");
    }

    @Test
    void editingAValueMakesThePolicyCustom() {
        settings.maxAttemptsPerOriginProperty().set("2");

        assertThat(settings.presetProperty().get()).isEqualTo(PolicyChoice.CUSTOM);
        assertThat(settings.toConfig().orElseThrow().retryPolicy().maxAttemptsPerOrigin())
                .isEqualTo(2);
    }

    // C2: refused, never clamped; the reason sits next to the field that was refused.
    @Test
    void attemptsAboveTheMaximumAreRefusedNextToTheirField() {
        settings.maxAttemptsPerOriginProperty().set("11");
        settings.maxTotalAttemptsProperty().set("20");

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.policyErrorProperty("maxAttemptsPerOrigin").get())
                .isEqualTo("Failed requests per origin must be a whole number from 1 to 10 (C2), not 11.");
        assertThat(settings.policyErrorProperty("maxTotalAttempts").get()).isEmpty();
    }

    // C2: one below the maximum total is accepted, on it is accepted, one above is refused.
    @Test
    void totalAttemptsBoundaryIsTwenty() {
        settings.maxTotalAttemptsProperty().set("20");
        assertThat(settings.toConfig()).isPresent();

        settings.maxTotalAttemptsProperty().set("21");
        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.policyErrorProperty("maxTotalAttempts").get())
                .isEqualTo("Failed requests in all must be a whole number from 1 to 20 (C2), not 21.");
    }

    // C2
    @Test
    void perOriginAboveTotalIsRefused() {
        settings.maxAttemptsPerOriginProperty().set("5");
        settings.maxTotalAttemptsProperty().set("4");

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.policyErrorProperty("maxAttemptsPerOrigin").get())
                .isEqualTo("Failed requests per origin (5) cannot be more than Failed requests in all (4): lower it, "
                        + "or raise the other (C2).");
    }

    @Test
    void textWhereANumberIsDueSaysWhatIsExpected() {
        settings.multiplierProperty().set("twice");

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.policyErrorProperty("multiplier").get())
                .isEqualTo("Multiplier 'twice' is not a number: type a number such as 2.0.");
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
    @DisplayName("DV9: scopes without openid are the person's choice of an OAuth 2.0-only session; empty ones are"
            + " refused under the Scopes field")
    void scopeWithoutOpenIdIsAnOAuthOnlySessionAndEmptyIsRefused() {
        settings.scopeProperty().set("message.read");

        assertThat(settings.toConfig()).get().satisfies(config -> {
            assertThat(config.scope()).isEqualTo("message.read");
            assertThat(config.openId()).isFalse();
        });
        assertThat(settings.scopeErrorProperty().get()).isEmpty();

        settings.scopeProperty().set("  ");

        assertThat(settings.toConfig()).isEmpty();
        assertThat(settings.scopeErrorProperty().get())
                .startsWith("Scopes are empty")
                .contains("message.read");
    }

    // Durations read as a person says them, never PT0S or PT277H46M39.999S.
    @Test
    void durationsInReasonsAreHuman() {
        settings.totalBudgetMsProperty().set("0");
        assertThat(settings.policyErrorProperty("totalBudget").get())
                .isEqualTo(
                        "Time budget per call (ms) must be more than 0 ms: type a number of milliseconds from 1 to 600000 "
                                + "(10 min), such as 20000 (20 s).");

        settings.totalBudgetMsProperty().set("999999999");
        assertThat(settings.policyErrorProperty("totalBudget").get())
                .startsWith("Time budget per call (ms) must be at most 10 min, not 277 h 46 min:")
                .doesNotContain("PT");
    }

    @Test
    void aNumberTooLongForAnIntegerIsOutOfRangeNotGibberish() {
        settings.maxAttemptsPerOriginProperty().set("99999999999");

        assertThat(settings.policyErrorProperty("maxAttemptsPerOrigin").get())
                .isEqualTo("Failed requests per origin must be a whole number from 1 to 10 (C2), not 99999999999.");
    }

    @Test
    void everyRefusedFieldIsShownAtOnce() {
        settings.issuerProperty().set("not a url");
        settings.maxAttemptsPerOriginProperty().set("0");
        settings.multiplierProperty().set("0.5");
        settings.totalBudgetMsProperty().set("");

        assertThat(settings.validProperty().get()).isFalse();
        assertThat(settings.issuerErrorProperty().get())
                .isEqualTo(
                        "Issuer 'not a url' is not a URL: type one like https://login.example.com (without spaces).");
        assertThat(settings.policyErrorProperty("maxAttemptsPerOrigin").get()).isNotEmpty();
        assertThat(settings.policyErrorProperty("multiplier").get()).startsWith("Multiplier must be at least 1.0");
        assertThat(settings.policyErrorProperty("totalBudget").get()).startsWith("Time budget per call (ms) is empty");
        assertThat(settings.refusedSummary())
                .isEqualTo("these fields are refused: Issuer, Failed requests per "
                        + "origin, Multiplier, Time budget per call (ms). The reason is under each.");
    }

    // The reason goes as soon as the field is corrected, without pressing Apply.
    @Test
    void aReasonClearsWhileTyping() {
        settings.maxTotalAttemptsProperty().set("x");
        assertThat(settings.policyErrorProperty("maxTotalAttempts").get()).isNotEmpty();

        settings.maxTotalAttemptsProperty().set("4");

        assertThat(settings.policyErrorProperty("maxTotalAttempts").get()).isEmpty();
        assertThat(settings.validProperty().get()).isTrue();
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
