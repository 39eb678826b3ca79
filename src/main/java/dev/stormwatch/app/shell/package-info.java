/** The main window and its areas. */
package dev.stormwatch.app.shell;
