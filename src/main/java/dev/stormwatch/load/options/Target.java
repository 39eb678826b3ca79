package dev.stormwatch.load.options;

import dev.stormwatch.base.LoopbackHost;
import java.net.URI;

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
        // Named by its text alone: no DNS lookup while validating options.
        return this instanceof Remote remote
                ? LoopbackHost.isLoopback(remote.baseUrl().getHost())
                : true;
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
}
