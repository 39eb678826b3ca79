package dev.stormwatch.http;

import dev.stormwatch.retry.Origin;
import okhttp3.HttpUrl;

/**
 * The {@link Origin} of an OkHttp URL, read from its parsed parts: {@code HttpUrl.uri()} re-encodes the whole URL on
 * every call, which a load run pays on every attempt. Equal to {@code Origin.of(url.uri())}; a test keeps it so.
 */
final class RequestOrigin {

    private RequestOrigin() {}

    static Origin of(HttpUrl url) {
        // HttpUrl has already lower-cased the scheme and host, and fills in the scheme's default port (RFC 6454 §4).
        return new Origin(url.scheme(), url.host(), url.port());
    }
}
