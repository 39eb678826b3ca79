package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.PolicyPreset;
import java.time.Duration;
import okhttp3.OkHttpClient;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The resilient client's timeouts (RC3) and presets (RC4) as configured, and their validation. */
class ClientSettingsTest {

    @Test
    @DisplayName("RC3: by default each attempt may take 3 s to connect and 45 s to read")
    void defaultTimeouts() {
        OkHttpClient http = ResilientClient.builder().build().okHttpClient();

        assertThat(http.connectTimeoutMillis()).isEqualTo(3_000);
        assertThat(http.readTimeoutMillis()).isEqualTo(45_000);
    }

    @Test
    @DisplayName("RC3: each timeout is configurable")
    void timeoutsAreConfigurable() {
        OkHttpClient http = ResilientClient.builder()
                .timeouts(new ClientTimeouts(Duration.ofMillis(500), Duration.ofSeconds(120)))
                .build()
                .okHttpClient();

        assertThat(http.connectTimeoutMillis()).isEqualTo(500);
        assertThat(http.readTimeoutMillis()).isEqualTo(120_000);
    }

    @Test
    @DisplayName("RC3: a zero, negative or missing timeout (OkHttp's 'wait forever') is a Configuration error")
    void unboundedTimeoutsAreRefused() {
        assertThatThrownBy(() -> ClientTimeouts.DEFAULT.withRead(Duration.ZERO))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("read timeout");
        assertThatThrownBy(() -> ClientTimeouts.DEFAULT.withConnect(Duration.ofMillis(-1)))
                .isInstanceOf(CallFailure.Configuration.class);
        assertThatThrownBy(() -> new ClientTimeouts(null, Duration.ofSeconds(1)))
                .isInstanceOf(CallFailure.Configuration.class);
        assertThatThrownBy(() ->
                        ClientTimeouts.DEFAULT.withRead(Duration.ofMinutes(10).plusMillis(1)))
                .isInstanceOf(CallFailure.Configuration.class);
    }

    @Test
    @DisplayName("RC4: interactive is 2 attempts in a 2 s budget; batch is the article's 4 attempts with an 8 s cap")
    void presets() {
        assertThat(PolicyPreset.INTERACTIVE.policy().maxTotalAttempts()).isEqualTo(2);
        assertThat(PolicyPreset.INTERACTIVE.policy().totalBudget()).isEqualTo(Duration.ofSeconds(2));
        assertThat(PolicyPreset.BATCH.policy().maxTotalAttempts()).isEqualTo(4);
        assertThat(PolicyPreset.BATCH.policy().maxAttemptsPerOrigin()).isEqualTo(4);
        assertThat(PolicyPreset.BATCH.policy().maxBackoff()).isEqualTo(Duration.ofSeconds(8));
        assertThat(ResilientClient.builder().build().policy()).isEqualTo(PolicyPreset.INTERACTIVE.policy());
    }

    @Test
    @DisplayName("RC7 L2: a principal that cannot be part of a limiter key fails when the client is configured")
    void aBadPrincipalFailsAtConfiguration() {
        var limiter = dev.stormwatch.limit.RateLimiterBuilder.of(
                        dev.stormwatch.limit.Algorithm.SLIDING_LOG,
                        dev.stormwatch.limit.LimitSpec.of(1, Duration.ofSeconds(1)))
                .build();

        assertThatThrownBy(() -> ResilientClient.builder().limiter(limiter, "bad principal"))
                .isInstanceOf(dev.stormwatch.limit.LimiterConfigurationException.class)
                .hasMessageContaining("whitespace");
    }
}
