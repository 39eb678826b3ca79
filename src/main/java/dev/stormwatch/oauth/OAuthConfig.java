package dev.stormwatch.oauth;

import dev.stormwatch.retry.RetryPolicy;
import java.time.Duration;
import java.util.Objects;

/**
 * The settings of one OAuth client, checked when made (E1 Configuration): a native client (RFC 8252 §8.4) using the
 * authorization code flow with PKCE against the provider at {@code issuer}; public by default, or confidential with a
 * client secret (CA1). PKCE stays on for every method (RFC 9700 §2.1.1).
 *
 * @param issuer the provider (https, or http on loopback)
 * @param clientId the registered client id
 * @param scope the requested scope, not blank; with {@code openid} (OIDC Core §3.1.2.1) the session needs an ID
 *     token, without it the session is OAuth 2.0 only (DV9)
 * @param dpop whether tokens are bound to a DPoP key (RFC 9449)
 * @param retryPolicy the budget of each visible call (B1, C1)
 * @param loopbackTimeout how long login waits for the browser (default 5 min)
 * @param idTokenSkew tolerated clock difference for {@code exp}/{@code iat} (default 60 s)
 * @param accessTokenMargin an access token this close to its expiry counts as expired (refreshed first, A2)
 * @param clientAuthentication how the client authenticates at the token endpoint, PAR and revocation (CA1–CA3)
 * @param authorizationParameters extra parameters of the authorization request (AR1)
 * @param redirectChoice the redirect URI's host and port (AR2, AR3)
 * @param sessionFile where the session is kept between runs (stay signed in), or empty for memory only (PF4)
 */
public record OAuthConfig(
        Issuer issuer,
        String clientId,
        String scope,
        boolean dpop,
        RetryPolicy retryPolicy,
        Duration loopbackTimeout,
        Duration idTokenSkew,
        Duration accessTokenMargin,
        ClientAuthentication clientAuthentication,
        AuthorizationParameters authorizationParameters,
        RedirectChoice redirectChoice,
        java.util.Optional<java.nio.file.Path> sessionFile) {

    /** Default scope: an ID token, and a refresh token where the provider needs offline_access to issue one. */
    public static final String DEFAULT_SCOPE = "openid";

    public OAuthConfig {
        Objects.requireNonNull(issuer, "issuer");
        if (clientId == null || clientId.isBlank()) {
            throw Failures.configuration("client id is missing: give the id registered at the provider");
        }
        Scopes.checked(scope);
        Objects.requireNonNull(retryPolicy, "retryPolicy");
        if (loopbackTimeout == null || loopbackTimeout.isNegative() || loopbackTimeout.isZero()) {
            throw Failures.configuration("the browser wait must be positive, was " + loopbackTimeout);
        }
        if (idTokenSkew == null || idTokenSkew.isNegative() || idTokenSkew.compareTo(Duration.ofMinutes(5)) > 0) {
            throw Failures.configuration("the ID token clock skew must be between 0 and 5 minutes, was " + idTokenSkew);
        }
        if (accessTokenMargin == null || accessTokenMargin.isNegative()) {
            throw Failures.configuration("the access token margin must not be negative, was " + accessTokenMargin);
        }
        Objects.requireNonNull(clientAuthentication, "clientAuthentication");
        Objects.requireNonNull(authorizationParameters, "authorizationParameters");
        Objects.requireNonNull(redirectChoice, "redirectChoice");
        Objects.requireNonNull(sessionFile, "sessionFile");
    }

    /** Defaults for everything but the provider and the client id. */
    public static OAuthConfig of(String issuer, String clientId) {
        return new OAuthConfig(
                new Issuer(issuer),
                clientId,
                DEFAULT_SCOPE,
                false,
                RetryPolicy.DEFAULT,
                LoopbackReceiver.DEFAULT_TIMEOUT,
                IdTokenValidator.DEFAULT_SKEW,
                Duration.ofSeconds(30),
                ClientAuthentication.NONE,
                AuthorizationParameters.NONE,
                RedirectChoice.DEFAULT,
                java.util.Optional.empty());
    }

    /** Whether the scope asks for OpenID Connect: then the session needs a verified ID token, else none (DV9). */
    public boolean openId() {
        return Scopes.hasOpenId(scope);
    }

    public OAuthConfig withScope(String value) {
        return new OAuthConfig(
                issuer,
                clientId,
                value,
                dpop,
                retryPolicy,
                loopbackTimeout,
                idTokenSkew,
                accessTokenMargin,
                clientAuthentication,
                authorizationParameters,
                redirectChoice,
                sessionFile);
    }

    public OAuthConfig withDpop(boolean value) {
        return new OAuthConfig(
                issuer,
                clientId,
                scope,
                value,
                retryPolicy,
                loopbackTimeout,
                idTokenSkew,
                accessTokenMargin,
                clientAuthentication,
                authorizationParameters,
                redirectChoice,
                sessionFile);
    }

    public OAuthConfig withRetryPolicy(RetryPolicy value) {
        return new OAuthConfig(
                issuer,
                clientId,
                scope,
                dpop,
                value,
                loopbackTimeout,
                idTokenSkew,
                accessTokenMargin,
                clientAuthentication,
                authorizationParameters,
                redirectChoice,
                sessionFile);
    }

    public OAuthConfig withLoopbackTimeout(Duration value) {
        return new OAuthConfig(
                issuer,
                clientId,
                scope,
                dpop,
                retryPolicy,
                value,
                idTokenSkew,
                accessTokenMargin,
                clientAuthentication,
                authorizationParameters,
                redirectChoice,
                sessionFile);
    }

    /** A confidential client's method and secret, or {@link ClientAuthentication#NONE} (CA1). */
    public OAuthConfig withClientAuthentication(ClientAuthentication value) {
        return new OAuthConfig(
                issuer,
                clientId,
                scope,
                dpop,
                retryPolicy,
                loopbackTimeout,
                idTokenSkew,
                accessTokenMargin,
                value,
                authorizationParameters,
                redirectChoice,
                sessionFile);
    }

    /** AR1: extra parameters of the authorization request (prompt, max_age, audience, resource...). */
    public OAuthConfig withAuthorizationParameters(AuthorizationParameters value) {
        return new OAuthConfig(
                issuer,
                clientId,
                scope,
                dpop,
                retryPolicy,
                loopbackTimeout,
                idTokenSkew,
                accessTokenMargin,
                clientAuthentication,
                value,
                redirectChoice,
                sessionFile);
    }

    /** AR2, AR3: the redirect URI's host and port; by default 127.0.0.1 on an ephemeral port. */
    public OAuthConfig withRedirectChoice(RedirectChoice value) {
        return new OAuthConfig(
                issuer,
                clientId,
                scope,
                dpop,
                retryPolicy,
                loopbackTimeout,
                idTokenSkew,
                accessTokenMargin,
                clientAuthentication,
                authorizationParameters,
                value,
                sessionFile);
    }

    /** PF4: the owner-only file the session is kept in between runs (stay signed in); empty keeps it in memory. */
    public OAuthConfig withSessionFile(java.util.Optional<java.nio.file.Path> value) {
        return new OAuthConfig(
                issuer,
                clientId,
                scope,
                dpop,
                retryPolicy,
                loopbackTimeout,
                idTokenSkew,
                accessTokenMargin,
                clientAuthentication,
                authorizationParameters,
                redirectChoice,
                value);
    }
}
