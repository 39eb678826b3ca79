package dev.stormwatch.app.common;

import static org.assertj.core.api.Assertions.assertThat;

import dev.stormwatch.retry.CallFailure;
import dev.stormwatch.retry.Origin;
import java.time.Duration;
import java.util.Optional;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

class FailureAdviceEdgesTest {

    private static final Origin IDP = Origin.of("https://idp.example");

    @Test
    @DisplayName("P9: a refusal with nothing sent but no time left to count is offered as a retry")
    void nothingSentWithoutARetryAfterGivesARetryButton() {
        CallFailure failure =
                new CallFailure.Recoverable(IDP, new CallFailure.Server(503, Optional.empty(), 0, Duration.ZERO));

        assertThat(FailureAdvice.of(failure)).isEqualTo(new FailureAdvice.RetryButton(failure.getMessage()));
    }

    @Test
    @DisplayName("E1: a grant that is gone asks for a sign-in; a wrong setting or provider is explained, not retried")
    void reauthenticateAsksForASignInAndTheRestIsExplained() {
        assertThat(FailureAdvice.of(new CallFailure.Reauthenticate("invalid_grant")))
                .isEqualTo(new FailureAdvice.SignInAgain("invalid_grant"));
        assertThat(FailureAdvice.of(new CallFailure.Configuration("no such client")))
                .isEqualTo(new FailureAdvice.Explain("no such client"));
        assertThat(FailureAdvice.of(new CallFailure.Protocol("not JSON")))
                .isEqualTo(new FailureAdvice.Explain("not JSON"));
    }
}
