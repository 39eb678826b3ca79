/**
 * Brooker's backoff-and-jitter experiment on simulated time: the five backoff strategies as pure functions and a
 * seeded discrete-event contention simulation. No sockets, threads or clocks.
 *
 * <p>Must not depend on the UI, nor on the client packages (it compares strategies, it does not retry anything).
 */
package dev.stormwatch.load.simulation;
