/**
 * The entry point: {@link dev.stormwatch.Main} opens the window when given no arguments (or {@code app}) and runs the
 * command line otherwise.
 *
 * <p>Depends on {@code app} and {@code cli} only, to start them; no package depends on it.
 */
package dev.stormwatch;
