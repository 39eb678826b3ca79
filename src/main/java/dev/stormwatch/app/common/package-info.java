/**
 * What every feature of the window shares: the hop to the UI thread, the ticker, the pause countdown (P9) and the
 * advice that turns a typed error into a countdown, a retry button or a sign-in.
 */
package dev.stormwatch.app.common;
