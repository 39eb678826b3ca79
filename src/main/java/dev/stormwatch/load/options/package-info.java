/**
 * The settings of a load run ({@code LoadOptions}) and their validation: targets, credentials (redacted everywhere,
 * RC6), limiter and Redis choices.
 *
 * <p>Must not depend on the UI.
 */
package dev.stormwatch.load.options;
