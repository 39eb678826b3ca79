/**
 * The Session area: the OAuth client's settings, sign-in through the browser, the session's state, tokens and claims,
 * and the visible calls as commands. View models hold state; views only bind.
 *
 * <p>Must not depend on the load engine's run, the CLI or the other feature packages except the request timeline,
 * on which it shows its calls.
 */
package dev.stormwatch.app.session;
