/**
 * Reports of a load run: JSON (and its reader), CSV, and a PNG chart drawn headless with java.awt; every text redacted
 * (RC6) before any writer sees it.
 *
 * <p>Must not depend on the UI; no {@code javafx.*} here, so the CLI can write reports on a server without a display.
 */
package dev.stormwatch.load.report;
