package dev.stormwatch.http.eventloop;

import java.io.IOException;
import okhttp3.MediaType;
import okhttp3.Request;
import okhttp3.Response;
import okhttp3.ResponseBody;
import okio.Buffer;

/** The OkHttp {@link Response} made of what {@link Http1ResponseParser} read, as OkHttp would hand it over. */
final class ResponseAssembly {

    private ResponseAssembly() {}

    /**
     * The response to {@code sent}.
     *
     * @throws IllegalArgumentException or {@link IllegalStateException} when OkHttp refuses what was read
     */
    static Response response(
            Request sent, Http1ResponseParser parser, ResponseBody body, long sentAtMillis, long receivedAtMillis) {
        return new Response.Builder()
                .request(sent)
                .protocol(parser.protocol())
                .code(parser.code())
                .message(parser.message())
                .headers(parser.headers())
                .body(body)
                .sentRequestAtMillis(sentAtMillis)
                .receivedResponseAtMillis(receivedAtMillis)
                .build();
    }

    /** The complete body the parser read. */
    static ResponseBody body(Http1ResponseParser parser) {
        return ResponseBody.create(parser.body(), mediaType(parser.headers().get("Content-Type")));
    }

    /** The body received so far, then {@code failure}: what reading a cut-short body gives with OkHttp. */
    static ResponseBody failingBody(Http1ResponseParser parser, IOException failure) {
        Buffer received = new Buffer().write(parser.body());
        okio.Source source = new okio.Source() {
            @Override
            public long read(Buffer sink, long byteCount) throws IOException {
                if (received.exhausted()) {
                    throw failure;
                }
                return received.read(sink, byteCount);
            }

            @Override
            public okio.Timeout timeout() {
                return okio.Timeout.NONE;
            }

            @Override
            public void close() {
                received.clear();
            }
        };
        return ResponseBody.create(
                okio.Okio.buffer(source), mediaType(parser.headers().get("Content-Type")), -1);
    }

    private static MediaType mediaType(String value) {
        return value == null ? null : MediaType.parse(value); // null for a malformed value, as OkHttp reads it
    }
}
