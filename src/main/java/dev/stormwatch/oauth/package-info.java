/**
 * The OAuth 2.0 / OpenID Connect client: login through the system browser with a loopback redirect (RFC 8252),
 * refresh, userinfo, logout, and the session they keep.
 *
 * <p>Entry point: {@link dev.stormwatch.oauth.OAuthClient} (built from an {@link dev.stormwatch.oauth.OAuthConfig}).
 * Protocol messages have one class each: {@code AuthorizationRequest} (RFC 6749, 7636, 9126), {@code
 * LoopbackReceiver} (RFC 8252 §7.3), {@code AuthorizationResponseCheck} (RFC 9207), {@code ProviderMetadata}
 * (OIDC Discovery, RFC 8414), {@code IdTokenValidator} and {@code JwksCache} (OIDC Core §3.1.3.7), {@code
 * DpopProofs} (RFC 9449), {@code TokenResponse} (RFC 6749 §5.1).
 *
 * <p>Every request goes through the retry engine ({@code dev.stormwatch.http.RetryingExecutor}); the typed errors
 * are the engine's {@code CallFailure}. No application-wide retry loops, no quota management here.
 *
 * <p>Must not depend on the limiter or the UI.
 */
package dev.stormwatch.oauth;
