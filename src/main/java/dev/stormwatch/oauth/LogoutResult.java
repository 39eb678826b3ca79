package dev.stormwatch.oauth;

import dev.stormwatch.retry.CallFailure;
import java.util.Optional;

/**
 * The end of {@code logout()} (P8): the local session is always erased; {@code tokenRevoked} says whether the
 * provider confirmed the revocation (RFC 7009 §2.2), and {@code revocationError} why not when it was tried and failed;
 * {@code endSession} what the provider did with an RP-initiated logout (SX1), when one was asked for.
 */
public record LogoutResult(
        boolean tokenRevoked, Optional<CallFailure> revocationError, Optional<EndSession> endSession) {

    /** A logout by revocation alone. */
    public LogoutResult(boolean tokenRevoked, Optional<CallFailure> revocationError) {
        this(tokenRevoked, revocationError, Optional.empty());
    }

    /** This result with what the provider did with the RP-initiated logout. */
    LogoutResult withEndSession(EndSession value) {
        return new LogoutResult(tokenRevoked, revocationError, Optional.of(value));
    }
}
