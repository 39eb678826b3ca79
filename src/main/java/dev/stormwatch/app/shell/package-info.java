/**
 * The main window: lays out the areas that the composition root built, and loads the one stylesheet.
 *
 * <p>Must not depend on services (OAuth, http, limiter, load engine) or on the feature packages' view models.
 */
package dev.stormwatch.app.shell;
