/**
 * Small values that every layer may use, each the one home of its concept (style.md 13): a {@code Secret}
 * that redacts, and the texts and rules several layers read and write alike.
 *
 * <p>Depends on nothing but {@code java.*} (an ArchUnit rule keeps it so), so that the retry engine, the clients, the
 * servers, the load engine, the CLI and the app can all share it without knowing one another.
 */
package dev.stormwatch.base;
