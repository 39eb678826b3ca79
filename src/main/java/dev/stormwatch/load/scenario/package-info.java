/**
 * Load scenarios as data: the presets (3 AM storm, provider outage, quota exhaustion, Retry-After 120 and 12, steady) and the
 * timeline of relay faults each applies.
 *
 * <p>Must not depend on the UI. The relay never sees these types (servers depend on no client package): the load
 * engine translates each fault into the relay's own fault settings.
 */
package dev.stormwatch.load.scenario;
