/**
 * What every feature of the window shares: the hop to the UI thread, the ticker, the pause countdown (P9), the
 * advice that turns a typed error into a countdown, a retry button or a sign-in, the port to the desktop's file
 * dialogs, and tables' headers kept whole.
 *
 * <p>Must not depend on any feature package (they depend on it) nor on services other than the retry engine's
 * typed errors.
 */
package dev.stormwatch.app.common;
