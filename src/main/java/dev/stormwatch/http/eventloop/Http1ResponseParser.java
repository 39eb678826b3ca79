package dev.stormwatch.http.eventloop;

import java.net.ProtocolException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import okhttp3.Headers;
import okhttp3.Protocol;

/**
 * Reads one HTTP/1.1 response as its bytes arrive, in any pieces, for {@link EventLoopTransport}: status line,
 * headers (interim 1xx answers skipped), and a body framed by Content-Length, chunked encoding or the end of the
 * stream. Anything malformed is a {@link ProtocolException}, the type OkHttp throws for it (a malformed response, ST2).
 */
final class Http1ResponseParser {

    /** The longest line (status, header, chunk size) read. */
    private static final int MAX_LINE = 64 * 1024;
    /** The most bytes of head (status line, headers, trailers) read for one response, OkHttp's HEADER_LIMIT. */
    private static final int MAX_HEAD = 4 * MAX_LINE;

    private enum State {
        STATUS,
        HEADERS,
        FIXED,
        CHUNK_SIZE,
        CHUNK_DATA,
        CHUNK_END,
        TRAILERS,
        UNTIL_EOF,
        DONE
    }

    private final boolean headRequest;
    private final int maxBody;
    private State state = State.STATUS;
    private byte[] line = new byte[256];
    private int lineLength;
    private int headBytes;
    private Protocol protocol;
    private int code;
    private String message;
    private Headers.Builder headerBuilder = new Headers.Builder();
    private Headers headers;
    private byte[] body = new byte[0];
    private int bodyLength;
    private long remaining;
    private boolean keepAlive;
    private boolean leftover;

    Http1ResponseParser(boolean headRequest, int maxBody) {
        this.headRequest = headRequest;
        this.maxBody = maxBody;
    }

    /** Takes every byte of {@code in}; bytes after the end of the response make the connection unusable. */
    void feed(ByteBuffer in) throws ProtocolException {
        while (in.hasRemaining()) {
            switch (state) {
                case STATUS, HEADERS, CHUNK_SIZE, CHUNK_END, TRAILERS -> {
                    String text = nextLine(in);
                    if (text != null) {
                        onLine(text);
                    }
                }
                case FIXED, CHUNK_DATA -> {
                    int take = (int) Math.min(remaining, in.remaining());
                    append(in, take);
                    remaining -= take;
                    if (remaining == 0) {
                        state = state == State.FIXED ? State.DONE : State.CHUNK_END;
                    }
                }
                case UNTIL_EOF -> {
                    checkBodySize((long) bodyLength + in.remaining());
                    append(in, in.remaining());
                }
                case DONE -> {
                    leftover = true; // something the server sent unasked: this connection cannot be trusted again
                    in.position(in.limit());
                }
                default -> throw new IllegalStateException(state.name());
            }
        }
    }

    /** The server closed the connection: true when that ends the response (a body read to the end of the stream). */
    boolean endOfStream() {
        if (state == State.UNTIL_EOF) {
            state = State.DONE;
            keepAlive = false;
            return true;
        }
        return false;
    }

    boolean done() {
        return state == State.DONE;
    }

    /** True once the final response's status line and headers were read: OkHttp would have handed it over. */
    boolean headParsed() {
        return headers != null;
    }

    /** True when the connection may carry another request. */
    boolean keepAlive() {
        return keepAlive && !leftover;
    }

    Protocol protocol() {
        return protocol;
    }

    int code() {
        return code;
    }

    String message() {
        return message;
    }

    Headers headers() {
        return headers;
    }

    byte[] body() {
        return bodyLength == body.length ? body : Arrays.copyOf(body, bodyLength);
    }

    private String nextLine(ByteBuffer in) throws ProtocolException {
        // Only the head counts against its limit: a chunk-size line is body framing, bounded on its own as a line,
        // or a streamed answer of many small chunks would fail as "head too long".
        boolean head = state == State.STATUS || state == State.HEADERS || state == State.TRAILERS;
        while (in.hasRemaining()) {
            byte b = in.get();
            if (head) {
                headBytes++;
            }
            if (b == '\n') {
                int end = lineLength > 0 && line[lineLength - 1] == '\r' ? lineLength - 1 : lineLength;
                String text = new String(line, 0, end, StandardCharsets.ISO_8859_1);
                lineLength = 0;
                return text;
            }
            if (lineLength == MAX_LINE) {
                throw new ProtocolException("a line of the response is longer than " + MAX_LINE + " bytes");
            }
            if (headBytes > MAX_HEAD) {
                throw new ProtocolException("the response's head is longer than " + MAX_HEAD + " bytes");
            }
            if (lineLength == line.length) {
                line = Arrays.copyOf(line, Math.min(MAX_LINE, line.length * 2));
            }
            line[lineLength++] = b;
        }
        return null;
    }

    private void onLine(String text) throws ProtocolException {
        switch (state) {
            case STATUS -> status(text);
            case HEADERS -> {
                if (text.isEmpty()) {
                    endOfHead();
                } else {
                    header(text);
                }
            }
            case CHUNK_SIZE -> chunkSize(text);
            case CHUNK_END -> {
                if (!text.isEmpty()) {
                    throw new ProtocolException("expected the end of a chunk, got: " + shown(text));
                }
                state = State.CHUNK_SIZE;
            }
            case TRAILERS -> {
                if (text.isEmpty()) {
                    state = State.DONE;
                }
            }
            default -> throw new IllegalStateException(state.name());
        }
    }

    private void status(String text) throws ProtocolException {
        // As OkHttp's StatusLine: "HTTP/1.x NNN[ reason]".
        if (!(text.startsWith("HTTP/1.1 ") || text.startsWith("HTTP/1.0 "))
                || text.length() < 12
                || (text.length() > 12 && text.charAt(12) != ' ')) {
            throw new ProtocolException("Unexpected status line: " + shown(text));
        }
        protocol = text.charAt(7) == '1' ? Protocol.HTTP_1_1 : Protocol.HTTP_1_0;
        try {
            code = Integer.parseInt(text.substring(9, 12));
        } catch (NumberFormatException e) {
            throw new ProtocolException("Unexpected status line: " + shown(text));
        }
        if (code < 100) {
            throw new ProtocolException("Unexpected status line: " + shown(text));
        }
        message = text.length() > 13 ? text.substring(13) : "";
        state = State.HEADERS;
    }

    /**
     * One header line, read as leniently as OkHttp reads it: a line without a colon, a folded continuation or a name
     * OkHttp could not look up is skipped, not a malformed response, so that the same answer gets the same decision.
     */
    private void header(String text) {
        int colon = text.indexOf(':');
        if (colon <= 0 || text.charAt(0) == ' ' || text.charAt(0) == '\t') {
            return;
        }
        try {
            // The name as sent (OkHttp's addLenient keeps "Retry-After " whole, so no lookup finds it); the value
            // trimmed.
            headerBuilder.addUnsafeNonAscii(
                    text.substring(0, colon), text.substring(colon + 1).trim());
        } catch (IllegalArgumentException e) {
            // a name with a space or a control character: no lookup could find it
        }
    }

    private void endOfHead() throws ProtocolException {
        Headers head = headerBuilder.build();
        if (code >= 100 && code < 200 && code != 101) {
            // An interim answer (100 Continue, 103 Early Hints): the real one follows.
            headerBuilder = new Headers.Builder();
            state = State.STATUS;
            return;
        }
        // Framing as OkHttp reads it (HttpHeaders.promisesBody, headersContentLength): "chunked" exactly, and a
        // Content-Length it cannot read is no length.
        boolean chunked = "chunked".equalsIgnoreCase(head.get("Transfer-Encoding"));
        long length = contentLength(head.get("Content-Length"));
        if ((code == 204 || code == 205) && length > 0) {
            // As OkHttp's CallServerInterceptor: the call fails; no response is handed over.
            throw new ProtocolException("HTTP " + code + " had non-zero Content-Length: " + length);
        }
        headers = head;
        String connection = head.get("Connection");
        keepAlive = protocol == Protocol.HTTP_1_1
                ? !"close".equalsIgnoreCase(connection)
                : "keep-alive".equalsIgnoreCase(connection);
        boolean promisesBody = (code >= 200 && code != 204 && code != 304) || length != -1 || chunked;
        if (headRequest || code == 101 || !promisesBody) {
            state = State.DONE;
            keepAlive &= code != 101;
        } else if (chunked) {
            state = State.CHUNK_SIZE;
        } else if (length >= 0) {
            checkBodySize(length);
            remaining = length;
            state = length == 0 ? State.DONE : State.FIXED;
        } else {
            state = State.UNTIL_EOF; // no length, or one OkHttp cannot read: the body runs to the end of the stream
            keepAlive = false;
        }
    }

    private static long contentLength(String value) {
        if (value == null) {
            return -1;
        }
        try {
            long length = Long.parseLong(value);
            return length < 0 ? -1 : length;
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    private void chunkSize(String text) throws ProtocolException {
        int semicolon = text.indexOf(';');
        String hex = (semicolon >= 0 ? text.substring(0, semicolon) : text).trim();
        long size;
        try {
            size = Long.parseLong(hex, 16);
        } catch (NumberFormatException e) {
            throw new ProtocolException("malformed chunk size: " + shown(text));
        }
        if (size < 0) {
            throw new ProtocolException("malformed chunk size: " + shown(text));
        }
        if (size == 0) {
            state = State.TRAILERS;
            return;
        }
        checkBodySize(bodyLength + size);
        remaining = size;
        state = State.CHUNK_DATA;
    }

    private void checkBodySize(long size) throws ProtocolException {
        if (size > maxBody) {
            throw new ProtocolException(
                    "the response body is larger than " + maxBody + " bytes, more than a load run reads");
        }
    }

    /** Callers checked the cap first ({@link #checkBodySize}), whatever the body's framing. */
    private void append(ByteBuffer in, int count) {
        if (bodyLength + count > body.length) {
            body = Arrays.copyOf(body, Math.max(bodyLength + count, Math.min(maxBody, Math.max(256, body.length * 2))));
        }
        in.get(body, bodyLength, count);
        bodyLength += count;
    }

    /** A bounded, printable excerpt of what the server sent, for the error message. */
    private static String shown(String text) {
        String cut = text.length() > 80 ? text.substring(0, 80) + "..." : text;
        return cut.replaceAll("[^\\x20-\\x7e]", "?");
    }
}
