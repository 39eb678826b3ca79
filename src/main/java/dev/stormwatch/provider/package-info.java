/**
 * The embedded demo OpenID provider, with fault injection: a server, started on 127.0.0.1 by the app and by tests.
 *
 * <p>Must not depend on any client package (retry, http, oauth, limit, load) or the UI.
 */
package dev.stormwatch.provider;
