package dev.stormwatch.relay;

import java.net.URI;

/** An OpenID provider whose JWT access tokens (RFC 9068) the relay accepts: its issuer and its JWK Set URL. */
public record TrustedIssuer(String issuer, URI jwksUrl) {}
