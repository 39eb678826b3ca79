package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** RC8: the shared retry quota, like the AWS SDKs' standard retry mode. */
class RetryQuotaTest {

    @Test
    @DisplayName("RC8: standard quota: 500 tokens pay for exactly 100 retries of 5; the 101st is refused")
    void standardQuotaPaysForAHundredRetries() {
        RetryQuota quota = RetryQuota.standard();

        for (int i = 0; i < 100; i++) {
            assertThat(quota.tryAcquireRetry()).as("retry %d", i + 1).isTrue();
        }

        assertThat(quota.available()).isZero();
        assertThat(quota.tryAcquireRetry()).isFalse();
    }

    @Test
    @DisplayName("RC8: standard quota: 5 successes pay for one more retry; 4 do not")
    void successesRefillOneTokenEach() {
        RetryQuota quota = RetryQuota.standard();
        while (quota.tryAcquireRetry()) {
            // drain
        }
        for (int i = 0; i < 4; i++) {
            quota.onSuccess();
        }
        assertThat(quota.tryAcquireRetry()).isFalse();

        quota.onSuccess();

        assertThat(quota.tryAcquireRetry()).isTrue();
        assertThat(quota.available()).isZero();
    }

    @Test
    @DisplayName("RC8: successes never fill the bucket above its capacity")
    void neverAboveCapacity() {
        RetryQuota quota = RetryQuota.standard();
        quota.onSuccess();
        assertThat(quota.available()).isEqualTo(500);
    }

    @Test
    @DisplayName("RC8: off by default: the unlimited quota always pays")
    void unlimitedAlwaysPays() {
        for (int i = 0; i < 1000; i++) {
            assertThat(RetryQuota.UNLIMITED.tryAcquireRetry()).isTrue();
        }
        assertThat(ResilientClient.builder().build().retryQuota().isUnlimited()).isTrue();
    }

    @Test
    @DisplayName("RC8: a quota that could never pay for a retry is a Configuration error")
    void badFiguresAreAConfigurationError() {
        assertThatThrownBy(() -> RetryQuota.of(4, 5, 1))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessageContaining("cost at most the capacity");
        assertThatThrownBy(() -> RetryQuota.of(0, 5, 1)).isInstanceOf(CallFailure.Configuration.class);
        assertThatThrownBy(() -> RetryQuota.of(10, 0, 1)).isInstanceOf(CallFailure.Configuration.class);
        assertThatThrownBy(() -> RetryQuota.of(10, 5, -1)).isInstanceOf(CallFailure.Configuration.class);
    }
}
