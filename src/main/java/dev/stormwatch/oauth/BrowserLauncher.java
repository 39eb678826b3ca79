package dev.stormwatch.oauth;

import java.net.URI;

/**
 * Opens the authorization URL in the user's browser (RFC 8252 §6: an external user agent, never an embedded one).
 * Tests replace it with one that follows the URL with an HTTP client.
 *
 * <p>A launcher only starts a browser ({@link #startBrowser}); a launcher that also shows the sign-in URL when no
 * browser starts does so in its own {@link #open}, which a URL carrying a token never reaches (SX10): by default
 * {@link #openCarryingToken} goes to {@link #startBrowser}, so a lambda is a launcher for both and prints nothing.
 */
@FunctionalInterface
public interface BrowserLauncher {

    /**
     * Starts a browser on the URL, and nothing else: never shows, prints or logs it, since it may carry a token (SX10).
     * Called on a background thread, never on the UI thread.
     *
     * @return true when a browser was started
     */
    boolean startBrowser(URI url);

    /**
     * Asks a browser to open the authorization URL. Called on a background thread, never on the UI thread.
     *
     * @return true when a browser was started; false when none could be, so the caller shows the URL to copy (a
     *     launcher may show it here itself)
     */
    default boolean open(URI authorizationUrl) {
        return startBrowser(authorizationUrl);
    }

    /**
     * Asks a browser to open a URL that leads to a token: the one-time loopback page whose form posts the
     * {@code id_token_hint} to the end-session endpoint (SX1, SX8), or with the end-session method get, the
     * endpoint itself with {@code id_token_hint} in its query (SX9).
     * Unlike {@link #open}, a launcher must never show, print or log it, also when no browser starts (SX10): by default
     * it only starts a browser, never through {@link #open}.
     *
     * @return true when a browser was started
     */
    default boolean openCarryingToken(URI url) {
        return startBrowser(url);
    }
}
