package dev.stormwatch.oauth;

import dev.stormwatch.retry.CallFailure;
import java.util.Optional;

/**
 * The end of {@code logout()} (P8): the local session is always erased; {@code tokenRevoked} says whether the
 * provider confirmed the revocation (RFC 7009 §2.2), and {@code revocationError} why not when it was tried and failed.
 */
public record LogoutResult(boolean tokenRevoked, Optional<CallFailure> revocationError) {}
