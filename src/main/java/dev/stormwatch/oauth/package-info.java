/**
 * The OAuth 2.0 / OpenID Connect client: login through the system browser with a loopback redirect (RFC 8252),
 * refresh, userinfo, logout, and the session they keep.
 *
 * <p>Every request goes through the retry engine. No application-wide retry loops, no quota management here.
 *
 * <p>Must not depend on the limiter or the UI.
 */
package dev.stormwatch.oauth;
