package dev.stormwatch.retry;

import java.net.URI;
import java.util.Locale;
import java.util.Objects;

/** The origin of a request URL: scheme, host and port (RFC 6454); limits and pauses are kept per origin. */
public record Origin(String scheme, String host, int port) {

    public Origin {
        Objects.requireNonNull(scheme, "scheme");
        Objects.requireNonNull(host, "host");
        scheme = scheme.toLowerCase(Locale.ROOT);
        host = host.toLowerCase(Locale.ROOT);
        // java.net.URI keeps an IPv6 literal's brackets, OkHttp's HttpUrl drops them: one key for both.
        if (host.length() > 2 && host.startsWith("[") && host.endsWith("]")) {
            host = host.substring(1, host.length() - 1);
        }
        if (port < 1 || port > 65535) {
            throw new IllegalArgumentException("port out of range: " + port);
        }
    }

    /** The origin of an absolute http or https URL; the default port is filled in (RFC 6454 §4). */
    public static Origin of(URI uri) {
        String scheme = uri.getScheme();
        String host = uri.getHost();
        if (scheme == null || host == null) {
            throw new IllegalArgumentException("not an absolute URL with a host: " + uri);
        }
        int port = uri.getPort();
        if (port == -1) {
            port = switch (scheme.toLowerCase(Locale.ROOT)) {
                case "http" -> 80;
                case "https" -> 443;
                default -> throw new IllegalArgumentException("no default port for scheme " + scheme + ": " + uri);
            };
        }
        return new Origin(scheme, host, port);
    }

    /** The origin of an absolute http or https URL given as text. */
    public static Origin of(String url) {
        return of(URI.create(url));
    }

    @Override
    public String toString() {
        return scheme + "://" + (host.indexOf(':') >= 0 ? "[" + host + "]" : host) + ":" + port;
    }
}
