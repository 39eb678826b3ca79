package dev.stormwatch.provider;

import java.time.Instant;
import java.util.Optional;

/**
 * What a user granted a client in one sign-in; every token of one family (RFC 6749 §10.4, refresh token rotation)
 * shares it, and a DPoP-bound family keeps the key thumbprint it started with (RFC 9449 §5).
 */
record Grant(String familyId, String clientId, DemoUser user, String scope, Instant authTime, Optional<String> jkt) {}
