package dev.stormwatch.http.eventloop;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import okhttp3.Headers;
import okhttp3.HttpUrl;
import okhttp3.Request;
import okhttp3.RequestBody;
import okio.Buffer;

/**
 * Writes an OkHttp {@link Request} as the HTTP/1.1 bytes {@link EventLoopTransport} sends (RFC 9112 §3, §6): request
 * line, Host, the request's own headers, and the framing of its body, which is this writer's and never the caller's.
 */
final class Http1RequestEncoder {

    /** The User-Agent of a request that names none, so that a provider's log tells load-run traffic apart. */
    static final String USER_AGENT = "stormwatch-load";

    private Http1RequestEncoder() {}

    /** The request as HTTP/1.1 bytes: request line, Host, the request's headers, framing, body. */
    static byte[] encode(Request request) throws IOException {
        HttpUrl url = request.url();
        StringBuilder head = new StringBuilder(256);
        head.append(request.method()).append(' ').append(url.encodedPath());
        if (url.encodedQuery() != null) {
            head.append('?').append(url.encodedQuery());
        }
        head.append(" HTTP/1.1\r\n");
        Headers headers = request.headers();
        if (headers.get("Host") == null) {
            head.append("Host: ").append(hostHeader(url)).append("\r\n");
        }
        if (headers.get("User-Agent") == null) {
            head.append("User-Agent: ").append(USER_AGENT).append("\r\n");
        }
        Buffer body = null;
        RequestBody requestBody = request.body();
        if (requestBody != null) {
            body = new Buffer();
            requestBody.writeTo(body);
            if (requestBody.contentType() != null && headers.get("Content-Type") == null) {
                head.append("Content-Type: ").append(requestBody.contentType()).append("\r\n");
            }
            head.append("Content-Length: ").append(body.size()).append("\r\n");
        } else if (permitsBody(request.method())) {
            head.append("Content-Length: 0\r\n");
        }
        for (int i = 0; i < headers.size(); i++) {
            String name = headers.name(i);
            if (name.equalsIgnoreCase("Content-Length") || name.equalsIgnoreCase("Transfer-Encoding")) {
                continue; // the framing is this transport's
            }
            head.append(name).append(": ").append(headers.value(i)).append("\r\n");
        }
        head.append("\r\n");
        byte[] headBytes = head.toString().getBytes(StandardCharsets.UTF_8);
        if (body == null) {
            return headBytes;
        }
        byte[] bytes = new byte[headBytes.length + (int) body.size()];
        System.arraycopy(headBytes, 0, bytes, 0, headBytes.length);
        body.read(bytes, headBytes.length, (int) body.size());
        return bytes;
    }

    private static boolean permitsBody(String method) {
        return method.equals("POST") || method.equals("PUT") || method.equals("PATCH");
    }

    private static String hostHeader(HttpUrl url) {
        String host = url.host().contains(":") ? "[" + url.host() + "]" : url.host();
        return url.port() == HttpUrl.defaultPort(url.scheme()) ? host : host + ":" + url.port();
    }
}
