/**
 * The log a support person can be sent (HD2): SLF4J through logback to a rolling file in the user's state folder,
 * with {@code java.util.logging} (OkHttp, JavaFX) bridged in, and every line redacted before it is written.
 *
 * <p>Used by the composition root, the CLI and the app only; the layers below log through SLF4J and know nothing of
 * it.
 */
package dev.stormwatch.logs;
