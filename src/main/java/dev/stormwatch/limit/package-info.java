/**
 * Rate limiting: one {@code RateLimiter} interface, algorithms in Lua on Redis and in memory, Redis adapters,
 * the embedded Redis launcher and the limiter's metrics (spec section 11).
 *
 * <p>Must not depend on OAuth or the UI.
 */
package dev.stormwatch.limit;
