/**
 * The load engine: virtual clients driving the resilient client through the limiter against a relay,
 * time series, derived figures and reports; and a simulation mode on simulated time.
 *
 * <p>Must not depend on the UI.
 */
package dev.stormwatch.load;
