/**
 * The request timeline: every attempt of every call as a table and as lanes per origin, built on the retry
 * executors' attempt events. Rows hold no secret and copy as one line for a ticket.
 *
 * <p>Must not depend on the OAuth client, the load engine or the other feature packages: it knows attempt events only.
 */
package dev.stormwatch.app.timeline;
