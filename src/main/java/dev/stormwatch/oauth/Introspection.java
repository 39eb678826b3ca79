package dev.stormwatch.oauth;

import java.time.Instant;
import java.util.Optional;

/**
 * What the provider says about a token (RFC 7662 §2.2): whether it is active and, when it is, the scope, client,
 * subject and expiry as the provider sees them (IN1). An inactive token is an answer, not an error.
 */
public record Introspection(
        boolean active,
        Optional<String> scope,
        Optional<String> clientId,
        Optional<String> subject,
        Optional<Instant> expiresAt,
        Optional<String> tokenType) {}
