package dev.stormwatch.oauth;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;

/**
 * Where the browser is sent back (AR2, AR3): RFC 8252 §7.3's literal loopback IP on an ephemeral port by default; a
 * fixed port, the name {@code localhost} instead of the IP (Okta, Entra ID), or the IPv6 literal {@code [::1]}. The
 * listener binds the loopback addresses only, whatever the name.
 *
 * @param host the host the redirect URI names
 * @param port the port, 0 for an ephemeral one
 */
public record RedirectChoice(Host host, int port) {

    /** The redirect URI's host: one of the two loopback literals of RFC 8252 §7.3, or the name localhost. */
    public enum Host {
        /** {@code 127.0.0.1}, the default (RFC 8252 §7.3). */
        IPV4("127.0.0.1"),
        /** {@code [::1]}, the IPv6 loopback literal (RFC 8252 §7.3; AR3). */
        IPV6("[::1]"),
        /** {@code localhost}, where a registration names it (Entra ID; RFC 8252 §8.3 advises against it). */
        LOCALHOST("localhost");

        private final String uriHost;

        Host(String uriHost) {
            this.uriHost = uriHost;
        }

        /** The host as written in the redirect URI. */
        public String uriHost() {
            return uriHost;
        }

        /**
         * The host named by {@code text}: 127.0.0.1, [::1] (or ::1) or localhost.
         *
         * @throws IllegalArgumentException any other text, with the accepted ones in the message
         */
        public static Host parse(String text) {
            String given = text == null ? "" : text.strip().toLowerCase(Locale.ROOT);
            return switch (given) {
                case "127.0.0.1" -> IPV4;
                case "[::1]", "::1" -> IPV6;
                case "localhost" -> LOCALHOST;
                default -> throw new IllegalArgumentException("'" + text + "' must be 127.0.0.1, [::1] or localhost");
            };
        }
    }

    /** The default: 127.0.0.1 on an ephemeral port. */
    public static final RedirectChoice DEFAULT = new RedirectChoice(Host.IPV4, 0);

    private static final int MAX_PORT = 65_535;

    public RedirectChoice {
        Objects.requireNonNull(host, "host");
        // AR2: a port the OS cannot bind is refused when made, in words, not as a socket exception at sign-in.
        if (port < 0 || port > MAX_PORT) {
            throw Failures.configuration(
                    "the redirect port " + port + " is outside 1.." + MAX_PORT + " (or 0 for any free port)");
        }
    }

    /** 127.0.0.1, or localhost when {@code localhost}, on {@code port} (AR2). */
    public RedirectChoice(boolean localhost, int port) {
        this(localhost ? Host.LOCALHOST : Host.IPV4, port);
    }

    /** Whether the URI names {@code localhost} instead of a loopback literal. */
    public boolean localhost() {
        return host == Host.LOCALHOST;
    }

    /** The redirect URI for the port the listener got. */
    URI uriFor(int boundPort) {
        return uriFor(boundPort, LoopbackReceiver.CALLBACK_PATH);
    }

    /** The loopback URI with {@code path} on the port the listener got (the post-logout one too, SX1). */
    URI uriFor(int boundPort, String path) {
        return URI.create("http://" + host.uriHost() + ":" + boundPort + path);
    }
}
