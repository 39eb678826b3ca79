/**
 * The JavaFX desktop app: views and view models, one package per feature (MVVM).
 *
 * <p>The only packages that may use {@code javafx.*}. Views bind and lay out; view models hold state and commands and
 * are the only layer that calls services.
 */
package dev.stormwatch.app;
