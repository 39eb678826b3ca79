package dev.stormwatch.oauth;

import java.net.URI;

/**
 * Opens the authorization URL in the user's browser (RFC 8252 §6: an external user agent, never an embedded one).
 * Tests replace it with one that follows the URL with an HTTP client.
 */
@FunctionalInterface
public interface BrowserLauncher {

    /**
     * Asks a browser to open the URL. Called on a background thread, never on the UI thread.
     *
     * @return true when a browser was started; false when none could be, so the caller shows the URL to copy
     */
    boolean open(URI authorizationUrl);

    /**
     * Asks a browser to open a URL that leads to a token: the one-time loopback page whose form posts the
     * {@code id_token_hint} to the end-session endpoint (SX1, SX8), or with the end-session method get, the
     * endpoint itself with {@code id_token_hint} in its query (SX9).
     * Unlike {@link #open}, a launcher must never show, print or log it, also when no browser starts (SX10).
     *
     * @return true when a browser was started
     */
    default boolean openCarryingToken(URI url) {
        return open(url);
    }
}
