/**
 * Rate limiting (spec section 11, L1–L9): one {@link dev.stormwatch.limit.RateLimiter} interface, five algorithms
 * each in Lua for Redis ({@code src/main/resources/dev/stormwatch/limit/*.lua}) and in memory, Redis behind the narrow
 * {@link dev.stormwatch.limit.RedisPort} (pooled standalone and cluster adapters), failure modes while Redis is away,
 * the embedded Redis launcher and the limiter's Micrometer metrics.
 *
 * <p>Start at {@link dev.stormwatch.limit.RateLimiterBuilder}. Must not depend on retry, http, OAuth, load, CLI or the
 * UI: the resilient client in {@code dev.stormwatch.http} builds on this package, never the other way.
 */
package dev.stormwatch.limit;
