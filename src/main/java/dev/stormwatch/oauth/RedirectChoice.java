package dev.stormwatch.oauth;

import java.net.URI;

/**
 * Where the browser is sent back (AR2): RFC 8252 §7.3's literal loopback IP on an ephemeral port by default; a fixed
 * port, or the name {@code localhost}, for registrations that match the redirect URI exactly (Okta, Entra ID). The
 * listener binds the loopback addresses only, whatever the name.
 *
 * @param localhost whether the URI names {@code localhost} instead of {@code 127.0.0.1}
 * @param port the port, 0 for an ephemeral one
 */
public record RedirectChoice(boolean localhost, int port) {

    /** The default: 127.0.0.1 on an ephemeral port. */
    public static final RedirectChoice DEFAULT = new RedirectChoice(false, 0);

    private static final int MAX_PORT = 65_535;

    public RedirectChoice {
        // AR2: a port the OS cannot bind is refused when made, in words, not as a socket exception at sign-in.
        if (port < 0 || port > MAX_PORT) {
            throw Failures.configuration("the redirect port " + port + " is outside 1.." + MAX_PORT
                    + " (or 0 for any free port)");
        }
    }

    /** The redirect URI for the port the listener got. */
    URI uriFor(int boundPort) {
        return URI.create("http://" + (localhost ? "localhost" : "127.0.0.1") + ":" + boundPort
                + LoopbackReceiver.CALLBACK_PATH);
    }
}
