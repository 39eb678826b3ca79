/**
 * The embedded relay: a simulated OpenAI-compatible model API with quotas, capacity, outages and faults,
 * which records every request it receives.
 *
 * <p>Must not depend on any client package (retry, http, oauth, limit, load) or the UI.
 */
package dev.stormwatch.relay;
