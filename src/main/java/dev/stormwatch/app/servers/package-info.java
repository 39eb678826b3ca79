/** The Provider &amp; relay area: where the embedded servers listen, and one-click faults for demos. */
package dev.stormwatch.app.servers;
