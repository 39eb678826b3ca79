package dev.stormwatch.app.common;

import dev.stormwatch.retry.CallFailure;
import java.time.Duration;

/**
 * What the window offers after a visible call failed (spec P9, E1): a countdown when a pause refused the call
 * before anything was sent, a retry button when the budget ran out, a sign-in when the grant is gone.
 */
public sealed interface FailureAdvice {

    /** The message shown next to the action. */
    String message();

    /** A pause refused the call: nothing was sent (attempts = 0); count down what is left of it (P2, P9). */
    record Countdown(Duration remaining, String message) implements FailureAdvice {}

    /** Requests were sent and the call gave up: offer to run it again (P9). */
    record RetryButton(String message) implements FailureAdvice {}

    /** The grant is gone: the user must sign in again (E1 Reauthenticate). */
    record SignInAgain(String message) implements FailureAdvice {}

    /** Nothing to retry: the settings or the provider are wrong (E1 Configuration, Protocol). */
    record Explain(String message) implements FailureAdvice {}

    /** The advice for one typed error. */
    static FailureAdvice of(CallFailure failure) {
        if (failure instanceof CallFailure.Recoverable recoverable) {
            // P9: attempts == 0 means a running pause refused the call; retryAfter is what is left of it.
            if (recoverable.reason() instanceof CallFailure.Server server
                    && server.attempts() == 0
                    && server.retryAfter().isPresent()) {
                return new Countdown(server.retryAfter().get(), failure.getMessage());
            }
            return new RetryButton(failure.getMessage());
        }
        if (failure instanceof CallFailure.Reauthenticate) {
            return new SignInAgain(failure.getMessage());
        }
        return new Explain(failure.getMessage());
    }
}
