package dev.stormwatch.app.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.FailureKind;
import dev.stormwatch.retry.Origin;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class FailureAdviceTest {

    private static final Origin IDP = Origin.of("https://idp.example");

    // P9: attempts == 0 means nothing was sent; retryAfter is what is left of the pause.
    @Test
    void refusalByPauseGivesACountdownOfWhatIsLeft() {
        CallFailure failure = new CallFailure.Recoverable(
                IDP, new CallFailure.Server(429, Optional.of(Duration.ofSeconds(42)), 0, Duration.ZERO));

        assertThat(FailureAdvice.of(failure))
                .isEqualTo(new FailureAdvice.Countdown(Duration.ofSeconds(42), failure.getMessage()));
    }

    // P9: requests were sent, the budget ran out: a retry button.
    @Test
    void exhaustedBudgetGivesARetryButton() {
        CallFailure failure = new CallFailure.Recoverable(
                IDP, new CallFailure.Server(503, Optional.empty(), 3, Duration.ofSeconds(4)));

        assertThat(FailureAdvice.of(failure)).isInstanceOf(FailureAdvice.RetryButton.class);
    }

    // P9: a Retry-After that did not fit the budget was returned after sending: attempts > 0, so a retry button.
    @Test
    void retryAfterReturnedAfterSendingGivesARetryButton() {
        CallFailure failure = new CallFailure.Recoverable(
                IDP, new CallFailure.Server(429, Optional.of(Duration.ofSeconds(120)), 1, Duration.ZERO));

        assertThat(FailureAdvice.of(failure)).isInstanceOf(FailureAdvice.RetryButton.class);
    }

    @Test
    void networkFailureGivesARetryButton() {
        CallFailure failure = new CallFailure.Recoverable(
                IDP, new CallFailure.Network(FailureKind.CONNECT_REFUSED, 3, Duration.ofSeconds(2)));

        assertThat(FailureAdvice.of(failure)).isInstanceOf(FailureAdvice.RetryButton.class);
    }
}
