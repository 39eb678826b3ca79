package dev.stormwatch.retry;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;
import org.junit.jupiter.params.provider.ValueSource;

class OutcomeTest {

    @ParameterizedTest
    @ValueSource(ints = {408, 425, 429, 500, 502, 503, 504})
    @DisplayName("ST1: a retryable status is a failed request")
    void aRetryableStatusIsAFailedRequest(int status) {
        assertThat(Outcome.HttpResponse.of(status).isFailedRequest()).isTrue();
    }

    @ParameterizedTest
    @ValueSource(ints = {200, 204, 400, 401, 404, 407, 409, 426, 428, 430, 499, 501, 505})
    @DisplayName("ST1: every other status is an answer, not a failed request")
    void anyOtherStatusIsNotAFailedRequest(int status) {
        assertThat(Outcome.HttpResponse.of(status).isFailedRequest()).isFalse();
    }

    @ParameterizedTest
    @EnumSource(FailureKind.class)
    @DisplayName("ST2: every network failure is a failed request")
    void everyNetworkFailureIsAFailedRequest(FailureKind kind) {
        assertThat(new Outcome.NetworkFailure(kind).isFailedRequest()).isTrue();
    }
}
