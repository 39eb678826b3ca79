/**
 * The Load lab area: a load run's options as the user edits them, the run as a command on the background executor,
 * the run drawn second by second while it happens (client and provider side), and its summary and report files at
 * the end. The run itself is the load engine's; this package only translates.
 *
 * <p>Must not depend on the OAuth client, the CLI or the other feature packages: the signed-in session reaches a run
 * only as the load engine's {@link dev.stormwatch.load.options.SessionTokenSource}, handed in by the composition root.
 */
package dev.stormwatch.app.loadlab;
