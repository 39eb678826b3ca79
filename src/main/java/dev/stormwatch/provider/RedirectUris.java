package dev.stormwatch.provider;

import dev.stormwatch.base.LoopbackHost;
import java.net.URI;
import java.util.List;
import java.util.Objects;

/**
 * Matches a redirect URI against the registered ones: exactly (RFC 6749 §3.1.2.3, string comparison), except that the
 * port of a loopback IP literal is ignored (RFC 8252 §7.3), since a native app listens on whatever port is free.
 */
final class RedirectUris {

    private RedirectUris() {}

    static boolean matches(List<URI> registered, String given) {
        URI candidate;
        try {
            candidate = new URI(given);
        } catch (Exception malformed) {
            return false;
        }
        for (URI uri : registered) {
            if (uri.toString().equals(given)) {
                return true;
            }
            if (isLoopbackIp(uri) && isLoopbackIp(candidate) && sameExceptPort(uri, candidate)) {
                return true;
            }
        }
        return false;
    }

    /** RFC 8252 §7.3 and §8.3: http on a loopback IP literal; "localhost" is not one (its port is not ignored). */
    private static boolean isLoopbackIp(URI uri) {
        return "http".equals(uri.getScheme()) && LoopbackHost.isLiteralAddress(uri.getHost());
    }

    private static boolean sameExceptPort(URI registered, URI given) {
        return Objects.equals(registered.getHost(), given.getHost())
                && Objects.equals(registered.getRawPath(), given.getRawPath())
                && Objects.equals(registered.getRawQuery(), given.getRawQuery())
                && given.getRawFragment() == null
                && given.getRawUserInfo() == null;
    }
}
