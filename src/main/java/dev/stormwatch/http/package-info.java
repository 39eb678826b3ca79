/**
 * The transport seam over OkHttp and the executors that carry out the retry engine's decisions.
 *
 * <p>Holds the blocking retry executor ({@link dev.stormwatch.http.RetryingExecutor}), its asynchronous twin
 * ({@link dev.stormwatch.http.AsyncRetryingExecutor}, retries on a {@link dev.stormwatch.http.RetryScheduler}), the
 * resilient API client ({@link dev.stormwatch.http.ResilientClient}: idempotency, deadlines, interactive and batch
 * presets, a limiter in front, a shared retry quota; spec RC1–RC8), the transports attempts go out on (OkHttp's own,
 * blocking calls on owned workers; the event loop of load runs has a package of its own,
 * {@code dev.stormwatch.http.eventloop}, and reaches this one only through {@link dev.stormwatch.http.AttemptTransport}
 * and {@link dev.stormwatch.http.AttemptStart}), and the attempt events the request timeline, the load engine and the CLI are built on. Neither executor holds a retry rule: both ask
 * {@link dev.stormwatch.retry.RetryDecision}.
 *
 * <p>May use the retry engine and the limiter. Must not depend on OAuth, the load engine or the UI.
 */
package dev.stormwatch.http;
