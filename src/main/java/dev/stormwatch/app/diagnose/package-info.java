/**
 * The Diagnose area: evidence files opened or dropped, how to read them (format, log format, JSON fields, client
 * key), the diagnosis on the background executor with progress and cancel, and what it found: verdict, figures,
 * what-if, arrivals chart, clients and findings, and the HTML report. The reading and judging are
 * {@code dev.stormwatch.diagnose}'s; this package only translates.
 *
 * <p>Must not depend on the OAuth client, the load engine, the CLI or the other feature packages.
 */
package dev.stormwatch.app.diagnose;
