/**
 * The command line ({@code stormwatch}, picocli): the same engine as the app, without a window.
 *
 * <p>Must not depend on the UI.
 */
package dev.stormwatch.cli;
