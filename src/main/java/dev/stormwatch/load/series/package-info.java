/**
 * Time series of a load run (per second, and per 100 ms around a storm), recorded from many threads on an injected
 * clock, and the figures derived from them as pure functions: retry amplification, peak-to-mean arrivals after a
 * shared Retry-After, time to recover after an outage, goodput.
 *
 * <p>Must not depend on the UI.
 */
package dev.stormwatch.load.series;
