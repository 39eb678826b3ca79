package dev.stormwatch.oauth;

import dev.stormwatch.base.Secret;

/**
 * Checks the redirect that carried our state: the RFC 9207 {@code iss} parameter (§2.4) and the provider's error
 * (RFC 6749 §4.1.2.1), and yields the code.
 */
final class AuthorizationResponseCheck {

    private AuthorizationResponseCheck() {}

    /** The authorization code, or the typed error the login ends with. */
    static Secret codeFrom(AuthorizationRedirect redirect, ProviderMetadata metadata) {
        // RFC 9207 §2.4: when iss is present it must equal the issuer, whether or not the provider advertised it.
        if (redirect.iss().isPresent()
                && !metadata.issuer().sameAs(redirect.iss().get())) {
            throw Failures.protocol(
                    "iss",
                    "the redirect came from issuer '" + redirect.iss().get() + "', not from '" + metadata.issuer()
                            + "'");
        }
        // RFC 9207 §2.4: a provider that advertises iss must send it; its absence may be a mix-up attack.
        if (redirect.iss().isEmpty() && metadata.authorizationResponseIssParameterSupported()) {
            throw Failures.protocol("iss", "the provider advertises the iss parameter but the redirect has none");
        }
        if (redirect.error().isPresent()) {
            throw providerError(
                    redirect.error().get(), redirect.errorDescription().orElse(""));
        }
        return redirect.code().orElseThrow(() -> Failures.protocol("code", "the redirect carries no code"));
    }

    private static RuntimeException providerError(String error, String description) {
        String detail =
                "the provider refused the sign-in: " + error + (description.isEmpty() ? "" : " (" + description + ")");
        return switch (error) {
            // The user declined or must interact again: signing in again is the way forward.
            case "access_denied",
                    "login_required",
                    "interaction_required",
                    "consent_required",
                    "account_selection_required" -> Failures.reauthenticate(detail);
            default -> Failures.protocol("authorization response", detail);
        };
    }
}
