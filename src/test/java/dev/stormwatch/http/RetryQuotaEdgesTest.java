package dev.stormwatch.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.stormwatch.retry.CallFailure;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/** The edges of the shared retry quota's figures (RC8). */
class RetryQuotaEdgesTest {

    @Test
    @DisplayName("RC8: the smallest quota, capacity 1, cost 1 and no refund, pays for exactly one retry")
    void theSmallestQuotaPaysForOneRetry() {
        RetryQuota quota = RetryQuota.of(1, 1, 0);

        assertThat(quota.capacity()).isEqualTo(1);
        assertThat(quota.retryCost()).isEqualTo(1);
        assertThat(quota.successRefund()).isZero();
        assertThat(quota.tryAcquireRetry()).isTrue();
        quota.onSuccess();
        assertThat(quota.tryAcquireRetry()).isFalse();
        assertThat(quota.toString()).isEqualTo("RetryQuota[0/1, cost 1, refund 0]");
    }

    @Test
    @DisplayName("RC8: a cost equal to the capacity is one retry per full bucket; one above is refused")
    void aCostEqualToTheCapacityIsAllowed() {
        RetryQuota quota = RetryQuota.of(7, 7, 3);

        assertThat(quota.capacity()).isEqualTo(7);
        assertThat(quota.tryAcquireRetry()).isTrue();
        assertThat(quota.available()).isZero();
        quota.onSuccess();
        quota.onSuccess();
        assertThat(quota.available()).isEqualTo(6);
        assertThat(quota.tryAcquireRetry()).isFalse();
        quota.onSuccess();
        assertThat(quota.available()).isEqualTo(7);
        assertThatThrownBy(() -> RetryQuota.of(7, 8, 3))
                .isInstanceOf(CallFailure.Configuration.class)
                .hasMessage("Invalid retry quota: capacity 7, retry cost 8, success refund 3. Capacity and cost"
                        + " must be at least 1, the cost at most the capacity, the refund at least 0.");
    }

    @Test
    @DisplayName("RC8: the standard figures are the AWS SDK's, and the quota that is off says so")
    void standardAndOff() {
        RetryQuota standard = RetryQuota.standard();

        assertThat(standard.capacity()).isEqualTo(500);
        assertThat(standard.retryCost()).isEqualTo(5);
        assertThat(standard.successRefund()).isEqualTo(1);
        assertThat(standard.isUnlimited()).isFalse();
        assertThat(standard.toString()).isEqualTo("RetryQuota[500/500, cost 5, refund 1]");
        assertThat(RetryQuota.UNLIMITED.toString()).isEqualTo("RetryQuota[off]");
    }
}
