/**
 * The Session area (issue 7): the OAuth client's settings, sign-in through the browser, the session's state,
 * tokens and claims, and the visible calls as commands. View models hold state; views only bind.
 */
package dev.stormwatch.app.session;
