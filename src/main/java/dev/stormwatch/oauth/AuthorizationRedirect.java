package dev.stormwatch.oauth;

import dev.stormwatch.base.Secret;
import java.util.Map;
import java.util.Optional;

/**
 * The query of the redirect that carried the expected {@code state} (RFC 6749 §4.1.2, §4.1.2.1; RFC 9207 §2):
 * a code, or the provider's error. Values are kept as sent; {@link AuthorizationResponseCheck} judges them.
 */
public record AuthorizationRedirect(Map<String, String> parameters) {

    public AuthorizationRedirect {
        parameters = Map.copyOf(parameters);
    }

    /** The authorization code, when the provider sent one. */
    public Optional<Secret> code() {
        return Optional.ofNullable(parameters.get("code")).map(Secret::of);
    }

    /** The provider's {@code error} code (RFC 6749 §4.1.2.1). */
    public Optional<String> error() {
        return Optional.ofNullable(parameters.get("error"));
    }

    /** The provider's {@code error_description}. */
    public Optional<String> errorDescription() {
        return Optional.ofNullable(parameters.get("error_description"));
    }

    /** The RFC 9207 {@code iss} parameter. */
    public Optional<String> iss() {
        return Optional.ofNullable(parameters.get("iss"));
    }

    @Override
    public String toString() {
        return "AuthorizationRedirect[error=" + error().orElse("none") + ", iss=" + iss().orElse("none") + "]";
    }
}
