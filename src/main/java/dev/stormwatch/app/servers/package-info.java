/**
 * The Provider &amp; relay area: where the embedded servers and the limiter's Redis listen, and one-click faults for
 * demos.
 *
 * <p>Must not depend on the OAuth client, the load engine or the other feature packages.
 */
package dev.stormwatch.app.servers;
