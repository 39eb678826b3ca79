/**
 * The load engine: thousands of virtual clients on the asynchronous {@link dev.stormwatch.http.ResilientClient},
 * open loop or closed loop, through K limiter instances (one shared Redis or one local limiter each), against the
 * embedded relay or a URL; it records both sides per second and builds the {@link dev.stormwatch.load.report.LoadReport}.
 *
 * <p>May use retry, http, limit, relay and the other {@code dev.stormwatch.load} packages; never {@code javafx.*}.
 */
package dev.stormwatch.load.engine;
