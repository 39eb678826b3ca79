package dev.stormwatch.load.options;

import java.net.InetAddress;
import java.net.URI;
import java.util.Locale;

/**
 * What a load run sends its requests to: the embedded relay (default) or an OpenAI-compatible base URL.
 */
public sealed interface Target {

    /** The embedded relay on 127.0.0.1, started for the run. */
    record Embedded() implements Target {}

    /** A base URL such as {@code https://gateway.example.com/v1}; checked by {@link LoadOptions} to be http(s). */
    record Remote(URI baseUrl) implements Target {}

    /** Whether the requests stay on this machine, so that no rate cap is needed to be a good neighbour. */
    default boolean isLoopback() {
        return this instanceof Remote remote ? isLoopbackHost(remote.baseUrl().getHost()) : true;
    }

    /** How reports show it: scheme, host, port and path only; user info, query and fragment may hold secrets. */
    default String describe() {
        return this instanceof Remote remote ? withoutSecrets(remote.baseUrl()) : "embedded relay";
    }

    /** A URL without user info, query or fragment (RC6: they may carry keys, e.g. {@code ?api_key=}). */
    static String withoutSecrets(URI uri) {
        StringBuilder shown = new StringBuilder();
        if (uri.getScheme() != null) {
            shown.append(uri.getScheme()).append("://");
        }
        if (uri.getHost() != null) {
            shown.append(uri.getHost());
        }
        if (uri.getPort() != -1) {
            shown.append(':').append(uri.getPort());
        }
        if (uri.getRawPath() != null) {
            shown.append(uri.getRawPath());
        }
        return shown.toString();
    }

    /** Loopback by name or literal address; a name is not resolved (no DNS lookup while validating options). */
    private static boolean isLoopbackHost(String host) {
        if (host == null) {
            return false;
        }
        String bare = host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        String lower = bare.toLowerCase(Locale.ROOT);
        if (lower.equals("localhost") || lower.endsWith(".localhost")) {
            return true;
        }
        // Only literal addresses are parsed (no lookup): a dotted quad, or IPv6 (which holds a colon).
        if (!lower.matches("\\d{1,3}(\\.\\d{1,3}){3}") && !lower.contains(":")) {
            return false; // a DNS name other than localhost: assume it leaves the machine
        }
        try {
            // A literal address: InetAddress parses it without a lookup.
            return InetAddress.getByName(lower).isLoopbackAddress();
        } catch (java.net.UnknownHostException e) {
            return false;
        }
    }
}
