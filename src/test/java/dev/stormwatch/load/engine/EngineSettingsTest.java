package dev.stormwatch.load.engine;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.http.RetryQuota;
import dev.stormwatch.limit.LimitSpec;
import dev.stormwatch.load.options.ClientChoices;
import java.time.Duration;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The command line's client choices reach the engine's settings, and the settings say what they are. */
class EngineSettingsTest {

    @Test
    @DisplayName("the defaults describe themselves: batch policy, retry quota off, limit chosen by the run")
    void defaultsDescribeThemselves() {
        assertThat(EngineSettings.defaults().describe())
                .isEqualTo(
                        "policy batch (4 attempt(s) per origin, 4 in all, backoff 250 ms x2.0 up to 8000 ms, budget 60 s),"
                                + " retry quota off, limit auto (the relay's quota, else the rate, else 100 per second)");
    }

    @Test
    @DisplayName(
            "a chosen policy, the retry quota and a limit replace the defaults; each instance gets a full quota of its own")
    void choicesReplaceTheDefaults() throws Exception {
        ClientChoices choices = ClientChoices.builder()
                .policy("patient")
                .maxAttempts("2")
                .retryQuota("on")
                .limit("30/1m")
                .build();

        EngineSettings settings = EngineSettings.defaults().with(choices);

        assertThat(settings.policy()).isEqualTo(choices.policy());
        assertThat(settings.policy().totalBudget()).isEqualTo(Duration.ofSeconds(60));
        assertThat(settings.limit()).contains(LimitSpec.of(30, Duration.ofMinutes(1)));
        RetryQuota first = settings.retryQuota().get();
        RetryQuota second = settings.retryQuota().get();
        assertThat(first.isUnlimited()).isFalse();
        assertThat(first).isNotSameAs(second);
        assertThat(first.available()).isEqualTo(RetryQuota.STANDARD_CAPACITY);
        assertThat(settings.describe())
                .isEqualTo(
                        "policy custom (2 attempt(s) per origin, 2 in all, backoff 500 ms x2.0 up to 30000 ms, budget 60 s),"
                                + " retry quota on (500 tokens per instance, 5 per retry, 1 back per success),"
                                + " limit 30 per 60000 ms");
    }

    @Test
    @DisplayName("choosing nothing keeps the limit the settings had")
    void noLimitKeepsTheSettingsOwn() {
        EngineSettings limited = EngineSettings.defaults().withLimit(LimitSpec.of(7, Duration.ofSeconds(1)));

        assertThat(limited.with(ClientChoices.defaults()).limit()).contains(LimitSpec.of(7, Duration.ofSeconds(1)));
        assertThat(limited.with(ClientChoices.defaults()).retryQuota().get().isUnlimited())
                .isTrue();
    }
}
