/**
 * The transport seam over OkHttp and the executors that carry out the retry engine's decisions.
 *
 * <p>Holds the blocking retry executor, the resilient API client (idempotency, deadlines, a limiter in front),
 * and the attempt events the request timeline and the CLI are built on.
 *
 * <p>Must not depend on OAuth or the UI.
 */
package dev.stormwatch.http;
