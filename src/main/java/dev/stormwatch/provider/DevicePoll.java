package dev.stormwatch.provider;

import java.time.Instant;

/**
 * One poll of the token endpoint with a device code, in the provider's own record (DV7): when it was read, the user
 * code it was for ({@code -} for an unknown device code), and its answer: an RFC 8628 §3.5 error code, or
 * {@code tokens}.
 */
public record DevicePoll(Instant receivedAt, String userCode, String answer) {}
