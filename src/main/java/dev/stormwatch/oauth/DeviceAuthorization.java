package dev.stormwatch.oauth;

import java.net.URI;
import java.time.Duration;
import java.time.Instant;
import java.util.Optional;

/**
 * What the person needs to sign in on another device (RFC 8628 §3.2): the user code to type at the verification
 * URI (or the complete URI, for a QR code), until {@code expiresAt}. The device code stays inside the client.
 *
 * @param userCode the short code the person types; meant to be shown
 * @param verificationUri where to type it
 * @param verificationUriComplete the URI with the code in it, when the provider gives one
 * @param expiresAt when the codes expire
 * @param interval the polling interval the provider asked for (DV2), or the default
 */
public record DeviceAuthorization(
        String userCode,
        URI verificationUri,
        Optional<URI> verificationUriComplete,
        Instant expiresAt,
        Duration interval) {}
