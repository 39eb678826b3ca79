/**
 * The embedded defaults: the demo OpenID provider, the relay and Redis, started together on 127.0.0.1 so that a
 * fresh machine shows everything Stormwatch is for. Used by the app and the command line.
 *
 * <p>Must not depend on the UI or the command line.
 */
package dev.stormwatch.embedded;
