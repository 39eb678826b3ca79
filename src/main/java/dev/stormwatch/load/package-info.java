/**
 * The load engine: virtual clients driving the resilient client through the limiter against a relay, time series,
 * derived figures and reports; and a simulation mode on simulated time.
 *
 * <ul>
 *   <li>{@code simulation}: Brooker's backoff-and-jitter experiment, seeded, no sockets or threads;
 *   <li>{@code series}: thread-safe time series on an injected clock, and the derived figures;
 *   <li>{@code report}: JSON, CSV and PNG reports, redacted (RC6);
 *   <li>{@code options}, {@code scenario}: validated run settings and scenario presets as data.
 * </ul>
 *
 * <p>Must not depend on the UI.
 */
package dev.stormwatch.load;
