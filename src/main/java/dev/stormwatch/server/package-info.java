/**
 * Plumbing shared by the embedded servers: a small HTTP/1.1 server on raw loopback sockets (so that faults can act on
 * the wire: resets, missing or skewed {@code Date}, slow bodies), the fault vocabulary and its admin endpoint.
 *
 * <p>Must not depend on any client package (retry, http, oauth, limit, load) or the UI.
 */
package dev.stormwatch.server;
