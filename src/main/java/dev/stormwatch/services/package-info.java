/**
 * Application services: what the app and the command line both need from the layers below, written once.
 * Today: the OAuth session's access token as the load engine's {@code SessionTokenSource}.
 *
 * <p>May use the OAuth client and the load engine's ports; must not depend on the app, the CLI or JavaFX, so that both
 * front ends can use it (an ArchUnit rule keeps it so). Each front end passes in its own words for what its user should
 * do.
 */
package dev.stormwatch.services;
