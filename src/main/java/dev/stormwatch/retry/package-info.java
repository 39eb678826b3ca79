/**
 * The retry engine: the rules of docs/spec/retry-semantics.md as pure decisions.
 *
 * <p>Holds {@code RetryPolicy}, {@code RetryAfter}, backoff, the budget of one visible call, per-origin pauses,
 * the typed errors the application sees, the adaptive send rate of a load run (RH11), and the decision "given this
 * outcome, retry after X or stop with Y".
 * Time and randomness are arguments or injected; nothing here sleeps.
 *
 * <p>Must not depend on OkHttp, Redis, OAuth or the UI.
 */
package dev.stormwatch.retry;
